// The accounts service as the app holds it (issue 31 §1, server/services.ts): password reset, the profile and its
// photo, the data export and account deletion, and the admin's outbox. The work is in this module's other files
// (./password-reset.ts, ./profile.ts, ./photo.ts, ./outbox.ts) as plain functions; this gives them their parts.
import type { Deps } from '../../deps';
import { bindFirst } from '../../lib/bind';
import { acceptPhotoUploads, type IncomingPhoto } from '../media/upload';
import { listOutbox, outboxAttachment } from './outbox';
import { requestPasswordReset, resetPassword } from './password-reset';
import { deleteProfilePhoto, profilePhotoOf } from './photo';
import { changeEmail, changePassword, deleteAccount, exportAccountData, setProfilePhoto, updateProfile } from './profile';

/**
 * Stores the one photo of `files` (field "photo") as the account's profile photo, through the one upload flow
 * (media/upload.ts); returns the account and the previous photo's files for the caller to delete.
 */
export function uploadProfilePhoto(ctx: Pick<Deps, 'db' | 'storage'>, userId: number, files: AsyncIterable<IncomingPhoto>) {
  return acceptPhotoUploads(files, {
    storage: ctx.storage, folder: `avatars/${userId}`, kind: 'avatar', field: 'photo', maxFiles: 1,
    write: ([saved]) => setProfilePhoto(ctx.db, userId, profilePhotoOf(ctx.storage, saved!)),
  });
}

export function accountsService(deps: Deps) {
  return {
    ...bindFirst(deps, { requestPasswordReset, uploadProfilePhoto }),
    ...bindFirst(deps.db, { resetPassword, updateProfile, changePassword, changeEmail, setProfilePhoto, exportAccountData, listOutbox, outboxAttachment }),
    ...bindFirst(deps.storage, { deleteProfilePhoto }),
    deleteAccount: (userId: number, currentPassword: string) => deleteAccount(deps.db, deps.vehicleCommands, userId, currentPassword),
  };
}
