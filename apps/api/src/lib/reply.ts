/** The success envelope around an answer (design §4). */
export const ok = <T>(data: T) => ({ success: true as const, data });
