/** The chat module's public API: nothing yet (other modules do not call the assistant). */
export {};
