/**
 * The two columns of a user's row that other modules set: the password hash (a password reset) and the
 * profile photo (the avatar upload). Kept apart from users.service.ts, which itself asks password-reset to
 * retire a user's reset links when the password changes: were password-reset to import users.service for
 * this, the two services would import each other.
 */
export { updatePasswordHash, updateProfilePhoto } from './users.repo';
