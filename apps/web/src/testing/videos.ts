import type { Video } from '@flick/contract';

/** One of the signed-in creator's videos, as GET /v1/profile/videos lists it. */
export function videoOf(overrides: Partial<Video> = {}): Video {
  const id = overrides.id ?? 1;
  return {
    id,
    slug: `clip-${id}`,
    userId: 7,
    user: { id: 7, slug: 'mia_rose', name: 'Mia Rose', avatar: null },
    title: `Clip ${id}`,
    thumbnailUrl: `/media/videos/${id}/thumbnail.jpg`,
    thumbnailSources: [
      { url: `/media/videos/${id}/thumbnail-360.jpg`, width: 360, height: 640 },
      { url: `/media/videos/${id}/thumbnail.jpg`, width: 720, height: 1280 },
    ],
    firstFrameUrl: `/media/videos/${id}/first-frame.jpg`,
    playlistUrl: `/media/videos/${id}/master.m3u8`,
    preloadUrls: [`/media/videos/${id}/v1/index.m3u8`, `/media/videos/${id}/v1/seg000.ts`],
    duration: 42,
    viewCount: 1200,
    likeCount: 80,
    isLiked: false,
    isRated: false,
    isVertical: true,
    isNsfw: true,
    status: 'approved',
    statusReason: null,
    tags: [],
    uploadDate: '2024-01-01T10:00:00.000Z',
    createdAt: '2024-01-01T10:00:00.000Z',
    ...overrides,
  };
}
