/**
 * The bounds of one question, which the routes' descriptions state: kept apart from service.ts and
 * tools.ts so that describing the routes does not load the assistant and every module its tools call.
 */

/** Rounds of tool calls before the model is called with tools withheld and must answer. */
export const MAX_TOOL_ROUNDS = 4;
export const MAX_TOOL_CALLS_PER_ROUND = 6;
/** Turns sent to the model verbatim; older ones are folded into the running summary. */
export const KEEP_TURNS = 4;
/** Turns not yet summarised beyond which the older ones are folded into the summary. */
export const SUMMARIZE_AFTER = 8;
/** Characters of one tool result sent to the model (arrays cut, marked `truncated`). */
export const MAX_TOOL_RESULT_CHARS = 6000;
