import type { Category } from '@flick/contract';

/**
 * A person's own sex (registration, settings): the singular of the category labels. The categories
 * and their keys are the contract's; this is only how one person reads.
 * @i18n
 */
export const sexLabels: Record<Category, string> = { f: 'Girl', c: 'Couple', m: 'Guy', t: 'Trans' };
