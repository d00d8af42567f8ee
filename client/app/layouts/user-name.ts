import type { User } from '@domain/auth';

export function displayName(user: User): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
}

export function initials(user: User): string {
  const parts = [user.firstName, user.lastName].filter((p): p is string => !!p);
  const letters = parts.length ? parts.map((p) => p[0]).join('') : user.username.slice(0, 2);
  return letters.toUpperCase().slice(0, 2);
}
