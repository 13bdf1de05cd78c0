import { useMutation, useQueryClient } from '@tanstack/react-query';
import { seatMapEndpoints as endpoints, type SeatMapInput } from '@portal/contract';
import { seatMapQueryOptions, seatMapsQueryOptions } from '../../../api/seat-maps.ts';
import { call } from '../../../lib/http.ts';
import { usePartnerId } from '../../../lib/session.ts';

/** Creates the map, or replaces the layout of the one named by `id`; the answer is kept as read. */
export function useSaveSeatMap(id: number | null) {
  const partnerId = usePartnerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SeatMapInput) =>
      id === null ? call(endpoints.create, { body }) : call(endpoints.update, { params: { id }, body }),
    onSuccess: async (map) => {
      queryClient.setQueryData(seatMapQueryOptions(partnerId, map.ID).queryKey, map);
      await queryClient.invalidateQueries({ queryKey: seatMapsQueryOptions(partnerId).queryKey, exact: true });
    },
  });
}

export function useDeleteSeatMap() {
  const partnerId = usePartnerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.remove, { params: { id } }),
    onSuccess: ({ ID }) =>
      queryClient.setQueryData(seatMapsQueryOptions(partnerId).queryKey, (list = []) =>
        list.filter((m) => m.ID !== ID),
      ),
  });
}
