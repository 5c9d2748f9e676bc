import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CommonMessages, type Captcha } from '@osp/shared';
import { checkAuthorization, fetchCaptcha, signIn } from '../../../api/auth';
import { ApiError } from '../../../api/client';
import { queryClient, resetUserData } from '../../../api/query-client';
import { clearSession, saveSessionUser, saveToken } from '../../../api/session';
import { fetchProfile, profileKey } from '../../../api/user';
import { preloadSignedInArea } from '../../../app/guard/ProtectedArea';
import { safeRedirect } from '../../../app/guard/redirects';

export interface SignInValues {
  username: string;
  password: string;
  captcha_code?: string;
}

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : CommonMessages.serverBusy;
}

/**
 * The sign-in page's behaviour. Failures of the authorizations calls reach here without a toast
 * (SPEC §8) and are shown on the page; a captcha appears when the server asks for one.
 */
export function useSignInFlow() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [error, setError] = useState<string>();
  const [captcha, setCaptcha] = useState<Captcha>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const isCaptchaRequired = captcha !== undefined;

  const refreshCaptcha = async () => {
    try {
      setCaptcha(await fetchCaptcha());
    } catch (failure) {
      setError(messageOf(failure));
    }
  };

  /** Asked when the user leaves the username field, so the captcha is there before the first try. */
  const checkUsername = async (username: string) => {
    if (username.trim() === '' || isCaptchaRequired) return;
    try {
      const check = await checkAuthorization(username.trim());
      if (check.captcha_required) await refreshCaptcha();
    } catch {
      // Only advice: the sign-in call itself says whether a captcha is needed.
    }
  };

  const submit = async ({ username, password, captcha_code }: SignInValues) => {
    setIsSubmitting(true);
    setError(undefined);
    try {
      const authorization = await signIn({
        username: username.trim(),
        password,
        ...(captcha ? { captcha_key: captcha.captcha_key, captcha_code: captcha_code?.trim() ?? '' } : {}),
      });
      saveToken(authorization.token);
      // The page after sign-in needs the signed-in area's chunk: fetched while the profile loads.
      preloadSignedInArea();
    } catch (failure) {
      setError(messageOf(failure));
      // A used or wrong captcha is spent: every failed attempt gets a new image.
      const mustShowCaptcha = isCaptchaRequired || (failure instanceof ApiError && failure.dataField('captcha_required') === true);
      if (mustShowCaptcha) await refreshCaptcha();
      setIsSubmitting(false);
      return false;
    }
    try {
      resetUserData();
      // Seeds the cache the guard reads, and names the user in osp_user (docs/web-contract.md).
      const profile = await queryClient.fetchQuery({ queryKey: profileKey, queryFn: fetchProfile });
      saveSessionUser(profile);
      await navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
      return true;
    } catch {
      // The client has shown why; without a profile the session is of no use.
      clearSession();
      setIsSubmitting(false);
      return false;
    }
  };

  return { error, captcha, isCaptchaRequired, isSubmitting, checkUsername, refreshCaptcha, submit };
}
