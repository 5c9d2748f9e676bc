/** SPEC §5 messages of the profile and avatar dialogs, character for character. */
export const ProfileMessages = {
  sexRequired: '性别必须填写',
  mailInvalid: '请填写正确的邮箱',
  mobileInvalid: '请填写正确的手机号',
  /**
   * Not in SPEC: an empty 手机号 where an administrator creates or edits a user (issue 14). The profile dialog keeps
   * SPEC's one message for an empty and a malformed number alike.
   */
  mobileRequired: '请输入手机号',
  updated: '个人信息更新成功',
  /** Not in SPEC: limits on the free-text fields so that nothing unbounded is stored. */
  phoneInvalid: '请填写正确的座机号码',
  wechatInvalid: '微信号不能超过50个字符',
} as const;

export const AvatarMessages = {
  notImage: '文件格式错误，请上传图片类型,如：JPG，PNG后缀的文件。',
  failed: '修改失败',
  success: '修改成功',
  /** Not in SPEC: the size and pixel limits of DESIGN §5a. */
  tooLarge: (bytes: number) =>
    `图片不能超过${bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)}MB` : `${Math.round(bytes / 1024)}KB`}`,
} as const;
