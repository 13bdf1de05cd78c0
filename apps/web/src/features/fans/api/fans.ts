import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fanEndpoints as endpoints,
  type CreateFanNoteBody,
  type FanListQuery,
  type IdentityChannel,
} from '@portal/contract';
import { call } from '../../../lib/http.ts';

export const fansQueryOptions = (partnerId: number, query: FanListQuery) =>
  queryOptions({
    queryKey: ['fans', partnerId, query],
    queryFn: ({ signal }) => call(endpoints.list, { params: { id: partnerId }, query }, { signal }),
    placeholderData: keepPreviousData,
  });
export const useFans = (partnerId: number, query: FanListQuery) => useQuery(fansQueryOptions(partnerId, query));

export const fanDataQueryOptions = (partnerId: number, fanId: number) =>
  queryOptions({
    queryKey: ['fan', partnerId, fanId],
    queryFn: () => call(endpoints.history, { params: { partnerId, fanId } }),
  });
export const useFanData = (partnerId: number, fanId: number) => useQuery(fanDataQueryOptions(partnerId, fanId));

const notesQueryOptions = (partnerId: number, fanId: number) =>
  queryOptions({
    queryKey: ['fan-notes', partnerId, fanId],
    queryFn: () => call(endpoints.notes, { params: { partnerId, fanId } }),
  });
export const useFanNotes = (partnerId: number, fanId: number) => useQuery(notesQueryOptions(partnerId, fanId));

/** The new note joins the list once the server has it. */
export function useAddFanNote(partnerId: number, fanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFanNoteBody) => call(endpoints.addNote, { body }),
    onSuccess: (note) =>
      queryClient.setQueryData(notesQueryOptions(partnerId, fanId).queryKey, (notes = []) => [note, ...notes]),
  });
}

export const requestIdentityPin = (partnerId: number, fanId: number, channel: IdentityChannel) =>
  call(endpoints.requestPin, { params: { fanId, partnerId }, query: { channel } });
export const confirmIdentityPin = (partnerId: number, fanId: number, pin: string) =>
  call(endpoints.confirmPin, { params: { fanId, partnerId }, body: { pin } });
export const sendFanPasswordReset = (partnerId: number, fanId: number) =>
  call(endpoints.resetPassword, { params: { id: partnerId, fanId } });
