import type { ProfileUser } from '@flick/contract';
import type { UserRow } from '../../db/schema.ts';

/** The signed-in account as the API shows it (never the password hash). */
export function toProfileUser(user: UserRow): ProfileUser {
  return {
    id: user.id,
    type: user.type,
    name: user.name,
    username: user.username,
    slug: user.slug,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    gender: user.gender as ProfileUser['gender'],
    preference: user.preference as ProfileUser['preference'],
    phone_number: user.phoneNumber,
    description: user.description,
    color: user.color,
    avatar: user.avatar,
    cover: user.cover,
    country: user.country,
    isVerified: user.isVerified,
    isAdmin: user.isAdmin,
  };
}
