import { reportMessages, reportVideoRequestFor, type ReportReason } from '@flick/contract';
import { ApiError, FALLBACK_MESSAGE, api } from '../../../lib/api-client.ts';
import { getGuestId } from '../../session/stores/session-store.ts';

export interface ReportDraft {
  videoId: number;
  reason: ReportReason | null;
  message: string;
  /** Only guests give an email (viewer.md §5). */
  email: string | null;
}

/** viewer.md §5 in the spec's order: the first problem of a draft, or null when it can be sent. */
export function reportProblem(draft: ReportDraft): string | null {
  const parsed = reportVideoRequestFor(draft.email !== null).safeParse({
    video_id: draft.videoId,
    email: draft.email ?? undefined,
    reason: draft.reason ?? undefined,
    message: draft.message,
  });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? reportMessages.fallback);
}

/** viewer.md §8: what a failed report says. */
export function reportFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return reportMessages.fallback;
  if (error.status === 0) return reportMessages.networkError;
  if (error.status === 422 && Object.keys(error.errors).length > 0) return error.firstError();
  return error.message && error.message !== FALLBACK_MESSAGE ? error.message : reportMessages.requestFailed;
}

/** viewer.md §7 POST /report-video: 201 is success. */
export async function sendReport(draft: ReportDraft): Promise<void> {
  await api.post('/report-video', {
    video_id: draft.videoId,
    reason: draft.reason,
    message: draft.message.trim(),
    ...(draft.email !== null ? { email: draft.email.trim(), guest_id: getGuestId() } : {}),
  });
}
