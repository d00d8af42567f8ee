// spec §6: the Admin Dashboard link and the admin guard are for an active admin.
//
// This restates isActiveAdmin of domain/auth.ts on purpose: that module builds Zod schemas at load
// time, which no bundler can drop, so importing it from the shell put all of Zod (~25 kB gzipped)
// into every visitor's first download. roles.test.ts checks both agree on every case.
import type { User } from '@domain/auth';

export const isActiveAdmin = (u: Pick<User, 'role' | 'isActive'> | null | undefined): boolean =>
  !!u && u.isActive && u.role === 'admin';
