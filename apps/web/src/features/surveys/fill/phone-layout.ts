import { createContext, useContext } from 'react';
import { useIsMobile } from '../../../utils/useIsMobile';

/** True inside a SurveyForm shown as on a phone whatever the window's width (the designer's phone preview). */
export const PhoneLayoutContext = createContext(false);

/** Whether the form's controls take their phone shape: a phone-sized window (SPEC §9) or a phone preview. */
export function usePhoneLayout(): boolean {
  const isMobile = useIsMobile();
  return useContext(PhoneLayoutContext) || isMobile;
}
