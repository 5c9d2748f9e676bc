import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordChange, Person, PersonUpdate, UserProfile } from '@osp/shared';
import { api } from './client';
import { usePageQuery } from './page-query';

export const profileKey = ['profile'] as const;
export const personKey = ['person'] as const;

export function fetchProfile(): Promise<UserProfile> {
  return api.get<UserProfile>('/api/user/profile');
}

/** The signed-in user. The guard loads it before any protected page shows. */
export function useProfile() {
  return usePageQuery({ queryKey: profileKey, queryFn: fetchProfile, staleTime: Infinity });
}

/** GET /api/person: the fields the user may edit, fresh each time the profile dialog opens. */
export function usePerson() {
  return usePageQuery({ queryKey: personKey, queryFn: () => api.get<Person>('/api/person'), staleTime: 0 });
}

export function useUpdatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    // SPEC §7: PUT sends exactly sex, mobile, phone, mail, wechat.
    mutationFn: ({ sex, mobile, phone, mail, wechat }: PersonUpdate) =>
      api.put<Person>('/api/person', { sex, mobile, phone, mail, wechat }),
    onSuccess: (person) => {
      queryClient.setQueryData(personKey, person);
      queryClient.setQueryData<UserProfile>(profileKey, (profile) => (profile ? { ...profile, ...person } : profile));
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (change: PasswordChange) => api.patch<null>('/api/password/change', change),
  });
}

interface AvatarUploaded {
  imgUrl: string;
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (png: Blob) => {
      // SPEC §9: a png named avatar, in the multipart field `file`.
      const form = new FormData();
      form.append('file', png, 'avatar.png');
      return api.post<AvatarUploaded>('/api/file/user/avatar', form);
    },
    onSuccess: ({ imgUrl }) => {
      queryClient.setQueryData<UserProfile>(profileKey, (profile) => (profile ? { ...profile, profilePhoto: imgUrl } : profile));
    },
  });
}
