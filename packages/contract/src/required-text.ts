import { z } from 'zod';

/** A trimmed text field that must not be empty; contract-internal (not exported by index.ts). */
export const requiredText = (message: string, max = 200) => z.string(message).trim().min(1, message).max(max, `Cannot exceed ${max} characters.`);
