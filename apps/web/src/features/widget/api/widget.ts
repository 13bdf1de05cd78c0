import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { widgetEndpoints as endpoints, type FontUpload, type WidgetUpdate } from '@portal/contract';
import { call } from '../../../lib/http.ts';

export const widgetQueryOptions = (partnerId: number) =>
  queryOptions({
    queryKey: ['partners', partnerId, 'widget'],
    queryFn: () => call(endpoints.get, { params: { id: partnerId } }),
  });

export const useWidget = (partnerId: number) => useQuery(widgetQueryOptions(partnerId));

/** What the widget itself reads for the organisation: its name as the widget shows it, say. */
export const usePublicWidget = (partnerId: number) =>
  useQuery({
    queryKey: ['public', 'widget', partnerId],
    queryFn: () => call(endpoints.public, { params: { id: partnerId } }),
  });

/** Update partners/{id}/widget with only the fields changed; the answer replaces the cached settings. */
export function useUpdateWidget(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WidgetUpdate) => call(endpoints.update, { params: { id: partnerId }, body }),
    onSuccess: (settings) => queryClient.setQueryData(widgetQueryOptions(partnerId).queryKey, settings),
  });
}

export function useUploadFont(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FontUpload) => call(endpoints.uploadFont, { params: { id: partnerId }, body }),
    onSuccess: (settings) => queryClient.setQueryData(widgetQueryOptions(partnerId).queryKey, settings),
  });
}
