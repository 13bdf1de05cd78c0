import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { seatMapEndpoints as endpoints, type SeatMapInput } from '@portal/contract';
import { call } from '../../../lib/http.ts';
import { usePartnerId } from '../../../lib/session.ts';

// The calls are scoped by the session's organization: the keys name it, so a switch never shows another's maps.
const listOptions = (partnerId: number) =>
  queryOptions({ queryKey: ['seat-maps', partnerId], queryFn: () => call(endpoints.list, {}) });
const mapOptions = (partnerId: number, id: number) =>
  queryOptions({ queryKey: ['seat-maps', partnerId, id], queryFn: () => call(endpoints.get, { query: { id } }) });

export const useSeatMaps = () => useQuery(listOptions(usePartnerId()));

export const useSeatMap = (id: number | null) => {
  const partnerId = usePartnerId();
  return useQuery({ ...mapOptions(partnerId, id ?? 0), enabled: id !== null });
};

/** Creates the map, or replaces the layout of the one named by `id`; the answer is kept as read. */
export function useSaveSeatMap(id: number | null) {
  const partnerId = usePartnerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SeatMapInput) =>
      id === null ? call(endpoints.create, { body }) : call(endpoints.update, { params: { id }, body }),
    onSuccess: async (map) => {
      queryClient.setQueryData(mapOptions(partnerId, map.ID).queryKey, map);
      await queryClient.invalidateQueries({ queryKey: listOptions(partnerId).queryKey, exact: true });
    },
  });
}

export function useDeleteSeatMap() {
  const partnerId = usePartnerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.remove, { params: { id } }),
    onSuccess: ({ ID }) =>
      queryClient.setQueryData(listOptions(partnerId).queryKey, (list = []) => list.filter((m) => m.ID !== ID)),
  });
}
