/** A unique index refused the write; on either driver the code may sit on the error or on its cause. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.cause?.code;
  const name = e?.constraint ?? e?.cause?.constraint;
  return code === '23505' && (constraint === undefined || name === constraint);
}

const errorCode = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
};

/** PostgreSQL broke a deadlock or a serialization conflict by failing this transaction: it may run again. */
export const isContention = (err: unknown) => ['40P01', '40001'].includes(errorCode(err) ?? '');

/**
 * Runs a whole transaction again when PostgreSQL aborts it for contention, a few times with a short
 * random pause, so a buyer in a rush hears the real answer instead of a 500.
 */
export async function retryContended<T>(run: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts || !isContention(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

/** A row still referenced elsewhere could not go (or a reference named a row that does not exist). */
export const isForeignKeyViolation = (err: unknown) => errorCode(err) === '23503';
