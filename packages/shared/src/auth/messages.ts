/** SPEC §5 messages of sign-in and password change, character for character. */
export const PasswordMessages = {
  oldRequired: '旧密码不能为空',
  oldPlaceholder: '请输入旧密码',
  newRequired: '新密码不能为空',
  newPlaceholder: '请输入新密码',
  sameAsOld: '新密码不能与旧密码一样',
  confirmRequired: '确认密码不能为空',
  confirmPlaceholder: '请再次输入密码',
  mismatch: '两次输入密码不一致!',
  strength: '密码为数字，小写字母，大写字母，特殊符号 至少包含三种，至少8位',
  /** Not in SPEC: ASVS asks to refuse well-known passwords even when they pass the rules. */
  tooCommon: '该密码过于常见，请换一个更难猜的密码',
  wrongOld: '旧密码错误',
  changed: '修改成功',
} as const;

export const LoginMessages = {
  usernameRequired: '请输入用户名',
  passwordRequired: '请输入密码',
  usernameTooLong: '用户名不能超过64个字符',
  passwordTooLong: '密码不能超过128个字符',
  captchaRequired: '请输入验证码',
  captchaWrong: '验证码错误或已过期，请重新输入',
  captchaTooMany: '获取验证码过于频繁，请一分钟后再试',
  badCredentials: '用户名或密码错误',
  disabled: '账号已停用，请联系管理员',
  locked: (minutes: number) => `登录失败次数过多，账号已锁定，请${minutes}分钟后再试`,
  logoutConfirm: '确认退出吗?',
} as const;
