/** SPEC §9: password length 8 to 30. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 30;

const CLASSES: readonly RegExp[] = [/[0-9]/, /[a-z]/, /[A-Z]/, /[^0-9a-zA-Z]/];

/**
 * SPEC §5: 8 to 30 characters combining at least three of digits, lowercase, uppercase and
 * special characters. Length is counted in code points so that an emoji counts once.
 */
export function isStrongPassword(password: string): boolean {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return false;
  return CLASSES.filter((pattern) => pattern.test(password)).length >= 3;
}

/**
 * Passwords that pass the SPEC rules yet top every leaked-password list (ASVS 5, 6.2.4). Kept
 * lower-cased; compared case-insensitively because "P@ssw0rd" and "p@ssW0rd" are guessed alike.
 */
const COMMON_PASSWORDS = new Set(
  [
    'p@ssw0rd',
    'p@ssword1',
    'p@ssword123',
    'passw0rd!',
    'password1!',
    'password@1',
    'password@123',
    'password123!',
    'admin@123',
    'admin@1234',
    'admin123!',
    'admin@12345',
    'root@123',
    'root@1234',
    'test@123',
    'test@1234',
    'abc@1234',
    'abc@12345',
    'abcd@1234',
    'abc123!@#',
    'aa123456!',
    'aa123456@',
    'qwer@1234',
    'qwer1234!',
    'qwe123!@#',
    'qwerty@123',
    'qwerty123!',
    'asdf@1234',
    'zxcv@1234',
    '1qaz@wsx',
    '1qaz!qaz',
    '1qaz@wsx3edc',
    '1qaz2wsx!',
    'welcome@1',
    'welcome@123',
    'welcome1!',
    'huawei@123',
    'huawei@1234',
    'changeme@1',
    'changeme123!',
    'letmein@1',
    'iloveyou@1',
    'woaini@1314',
    'woaini1314!',
    'a123456@',
    'a1234567!',
    'a12345678!',
    'admin@2024',
    'admin@2025',
    'admin@2026',
    'summer@2026',
    'winter@2026',
    'company@123',
    'oa@123456',
    'osp@1234',
    'osp@123456',
    'p@55w0rd',
    'pa$$w0rd',
    'pa$$word1',
    'super@123',
    'system@123',
    'user@1234',
    'guest@123',
  ].map((p) => p.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
