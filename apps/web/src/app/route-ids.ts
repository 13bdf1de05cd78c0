import { data, type LoaderFunctionArgs } from 'react-router';

/** The contract's id form (`idParamSchema`), checked here without loading zod on the first screen. */
export const isIdParam = (value: string | undefined) =>
  value !== undefined && /^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= 2_147_483_647;

/**
 * A loader for a page whose address holds ids: one that is not an id answers the not-found page at
 * once, instead of a request that can only fail with a message about the address's parts.
 */
export const requireIds =
  (...names: string[]) =>
  ({ params }: LoaderFunctionArgs) => {
    if (names.some((name) => !isIdParam(params[name]))) throw data(null, { status: 404 });
    return null;
  };
