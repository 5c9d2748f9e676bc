import { describe, expect, it } from 'vitest';
import { isLinkAddress } from './link-address';

describe('the 链接 dialog address', () => {
  it('takes the schemes the server keeps', () => {
    expect(isLinkAddress('https://www.gov.cn/zhengce')).toBe(true);
    expect(isLinkAddress(' http://intranet.local/a?b=1#c ')).toBe(true);
    expect(isLinkAddress('mailto:hr@xinghe-tech.cn')).toBe(true);
    expect(isLinkAddress('tel:+86 (010) 1234-5678')).toBe(true);
  });

  it('refuses what the server would drop or what would run', () => {
    expect(isLinkAddress('javascript:alert(1)')).toBe(false);
    expect(isLinkAddress('JAVASCRIPT:alert(1)')).toBe(false);
    expect(isLinkAddress('data:text/html,<script>alert(1)</script>')).toBe(false);
    expect(isLinkAddress('www.example.com')).toBe(false);
    expect(isLinkAddress('https://')).toBe(false);
    expect(isLinkAddress('https://exa mple.com')).toBe(false);
    expect(isLinkAddress('mailto:')).toBe(false);
    expect(isLinkAddress('tel:abc')).toBe(false);
  });
});
