import type { Citation } from './types';

/** A citation as one line: section, page and the date it was checked. */
export const formatCitation = (c: Citation): string => `${c.section}; ${c.url} (checked ${c.checked}, ${c.basis})`;
