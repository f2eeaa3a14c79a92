import { verificationService } from '../modules/verification/verification.service.ts';
import { videoReview } from '../modules/videos/video-review.ts';
import { moderation, storage, type Commands, type Context } from './admin-context.ts';

/** A video decided through the console's moderation, or why not. */
async function decideVideo(context: Context, id: string | undefined, decision: 'approved' | 'rejected', reason?: string) {
  const [result] = (await moderation(context.db).decide(context.admin, [Number(id)], decision, reason)).results;
  if (result?.outcome !== 'decided') throw new Error(`No processed video #${id ?? ''} is waiting for review.`);
}

/** `npm run admin`: identity verifications and videos waiting for review. */
export const reviewCommands: Commands = {
  'verification:list': {
    args: 0,
    run: async ({ db }) => {
      const rows = await verificationService(db, storage).listPending();
      if (rows.length === 0) console.log('No verification is waiting for review.');
      for (const r of rows) {
        console.log(`#${r.id}  user #${r.userId} ${r.email}  "${r.legalName}" as "${r.stageName}"  sent ${r.createdAt.toISOString()}`);
      }
    },
  },
  'verification:show': {
    args: 1,
    run: async ({ db }, [id]) => {
      const row = await verificationService(db, storage).find(Number(id));
      if (!row) throw new Error(`No verification #${id}.`);
      const { files, ...rest } = row;
      console.log(rest);
      for (const key of files) console.log(`  ${storage.locate(key)}`);
    },
  },
  'verification:approve': {
    args: 1,
    run: async ({ db, adminId }, [id]) => {
      const row = await verificationService(db, storage).review(Number(id), 'approved', adminId);
      console.log(`Approved verification #${row.id} of user #${row.userId}.`);
    },
  },
  'verification:reject': {
    args: 1,
    run: async ({ db, adminId }, [id, ...reason]) => {
      const row = await verificationService(db, storage).review(Number(id), 'rejected', adminId, reason.join(' ') || undefined);
      console.log(`Rejected verification #${row.id} of user #${row.userId}.`);
    },
  },
  'video:list-review': {
    args: 0,
    run: async ({ db }) => {
      const rows = await videoReview(db).waiting();
      if (rows.length === 0) console.log('No video is waiting for review.');
      for (const r of rows) console.log(`#${r.id}  user #${r.userId}  "${r.title}"  ${Math.round(r.duration)} s  uploaded ${r.createdAt.toISOString()}`);
    },
  },
  'approve-video': {
    args: 1,
    run: async (context, [id]) => {
      await decideVideo(context, id, 'approved');
      console.log(`Approved video #${id}.`);
    },
  },
  'reject-video': {
    args: 1,
    run: async (context, [id, ...reason]) => {
      await decideVideo(context, id, 'rejected', reason.join(' ') || 'Rejected by a moderator.');
      console.log(`Rejected video #${id}.`);
    },
  },
};
