import { describe, expect, it } from 'vitest';
import { PasswordMessages } from '../auth/messages';
import { toFieldErrors } from '../common/validation';
import { ProfileMessages } from '../users/messages';
import { AdminUserCreateZ, AdminUserMessages, AdminUserQueryZ, isValidUsername, passwordProblem } from './users';

describe('isValidUsername', () => {
  it.each([
    ['zhangsan', true],
    ['li.si_2', true],
    ['0day-ops', true],
    ['a', false],
    ['ZhangSan', false],
    ['_zhang', false],
    ['zhang san', false],
    ['张三', false],
    ['x'.repeat(65), false],
  ])('%j → %s', (value, expected) => expect(isValidUsername(value)).toBe(expected));
});

describe('passwordProblem', () => {
  it('applies SPEC §5 and the common-password list', () => {
    expect(passwordProblem('Tq7#vLm2x')).toBeUndefined();
    expect(passwordProblem('abcdefgh')).toBe(PasswordMessages.strength);
    expect(passwordProblem('P@ssw0rd')).toBe(PasswordMessages.tooCommon);
  });
});

describe('AdminUserCreateZ', () => {
  it('reports every invalid field with its message', () => {
    const result = AdminUserCreateZ.safeParse({ username: '', name: ' ', sex: '', mobile: '123', mail: 'x', passwd: '' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(toFieldErrors(result.error)).toEqual({
        username: [AdminUserMessages.usernameRequired],
        name: [AdminUserMessages.nameRequired],
        sex: [ProfileMessages.sexRequired],
        dept_id: [AdminUserMessages.deptRequired],
        mobile: [ProfileMessages.mobileInvalid],
        mail: [ProfileMessages.mailInvalid],
        passwd: [AdminUserMessages.initialPasswordRequired],
      });
    }
  });

  it('asks for an empty or missing 手机号 once, and calls a malformed one wrong', () => {
    const base = { username: 'wangxm', name: '王小明', sex: '1', dept_id: 3, mail: 'w@x.cn', passwd: 'Tq7#vLm2x' };
    const mobileErrors = (body: object) => {
      const result = AdminUserCreateZ.safeParse(body);
      return result.success ? undefined : toFieldErrors(result.error).mobile;
    };
    expect(mobileErrors(base)).toEqual([ProfileMessages.mobileRequired]);
    expect(mobileErrors({ ...base, mobile: '  ' })).toEqual([ProfileMessages.mobileRequired]);
    expect(mobileErrors({ ...base, mobile: '12800138000' })).toEqual([ProfileMessages.mobileInvalid]);
    expect(mobileErrors({ ...base, mobile: '13800138000' })).toBeUndefined();
  });

  it('keeps only the administered fields', () => {
    const parsed = AdminUserCreateZ.parse({
      username: 'wangxm',
      name: '王小明',
      sex: '1',
      dept_id: 3,
      mobile: '13800138000',
      mail: 'w@x.cn',
      passwd: 'Tq7#vLm2x',
      status: 0,
      password_hash: 'x',
    });
    expect(Object.keys(parsed).sort()).toEqual(['dept_id', 'mail', 'mobile', 'name', 'passwd', 'roles', 'sex', 'station', 'username']);
  });
});

describe('AdminUserQueryZ', () => {
  it('reads query-string text', () => {
    expect(AdminUserQueryZ.parse({ page: '2', per_page: '30', dept_id: '5', status: '0', keyword: ' 张 ' })).toEqual({
      page: 2,
      per_page: 30,
      dept_id: 5,
      status: 0,
      keyword: '张',
    });
  });
});
