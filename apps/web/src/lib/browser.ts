/** Page-level browser actions, behind one object so tests can observe them. */
export const browser = {
  reload(): void {
    window.location.reload();
  },
  /** Full navigation: drops all in-memory state (used after logging out). */
  assign(url: string): void {
    window.location.assign(url);
  },
};
