// The profile photo: upload (the server re-encodes it through the image pipeline) or remove.
import { useRef, useState } from 'react';
import { Camera, LoaderCircle, Trash2 } from 'lucide-react';
import type { User } from '@domain/auth';
import { ACCEPT_ATTRIBUTE, ACCEPTED_FORMATS_LABEL, MAX_UPLOAD_BYTES } from '@domain/media';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { deleteProfilePhoto } from '../api/delete-profile-photo';
import { uploadProfilePhoto } from '../api/upload-profile-photo';

export function ProfilePhoto({ user, onChange }: { user: User; onChange: (u: User) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const initials = ([user.firstName, user.lastName].filter(Boolean).map((p) => p![0]).join('') || user.username.slice(0, 2)).toUpperCase().slice(0, 2);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) {
      toast({ title: 'Photo too large', description: 'Choose a photo of at most 15 MB.', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      onChange((await uploadProfilePhoto(file)).user);
      toast({ title: 'Photo updated', variant: 'success' });
    } catch (err) {
      console.error('Photo upload failed', err);
      toast({ title: 'Error', description: errorMessage(err, `The photo could not be uploaded. Use a ${ACCEPTED_FORMATS_LABEL} file.`), variant: 'destructive' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      onChange((await deleteProfilePhoto()).user);
      toast({ title: 'Photo removed', variant: 'success' });
    } catch (err) {
      console.error('Photo removal failed', err);
      toast({ title: 'Error', description: errorMessage(err, 'The photo could not be removed. Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col items-center gap-2 sm:w-40">
      {user.profileImageUrl ? (
        <img src={user.profileImageUrl} alt="Your profile photo" width={128} height={128} className="size-28 rounded-full border border-border object-cover" />
      ) : (
        <span aria-hidden className="flex size-28 items-center justify-center rounded-full bg-primary text-3xl font-bold text-primary-foreground">{initials}</span>
      )}
      <input ref={input} type="file" accept={ACCEPT_ATTRIBUTE} className="sr-only" id="profile-photo-input" aria-label="Profile photo file" tabIndex={-1} onChange={(e) => void pick(e.target.files?.[0])} />
      <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
        {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Camera aria-hidden />}
        {user.profileImageUrl ? 'Change photo' : 'Add a photo'}
      </Button>
      {user.profileImageUrl && (
        <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={() => void remove()}>
          <Trash2 aria-hidden />Remove photo
        </Button>
      )}
    </div>
  );
}
