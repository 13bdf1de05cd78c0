import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FontUpload, WidgetSettings, WidgetUpdate } from '@portal/contract';
import { api } from '../../../lib/http.ts';

export const widgetQueryOptions = (partnerId: number) =>
  queryOptions({
    queryKey: ['partners', partnerId, 'widget'],
    queryFn: () => api<WidgetSettings>(`/partners/${partnerId}/widget`),
  });

export const useWidget = (partnerId: number) => useQuery(widgetQueryOptions(partnerId));

/** Update partners/{id}/widget with only the fields changed; the answer replaces the cached settings. */
export function useUpdateWidget(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WidgetUpdate) => api<WidgetSettings>(`/partners/${partnerId}/widget`, { method: 'PATCH', body }),
    onSuccess: (settings) => queryClient.setQueryData(widgetQueryOptions(partnerId).queryKey, settings),
  });
}

export function useUploadFont(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FontUpload) =>
      api<WidgetSettings>(`/partners/${partnerId}/widget/fonts`, { method: 'POST', body }),
    onSuccess: (settings) => queryClient.setQueryData(widgetQueryOptions(partnerId).queryKey, settings),
  });
}
