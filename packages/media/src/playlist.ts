import { HLS_SEGMENT_SECONDS, startRungIndex } from './hls.ts';
import type { Rung } from './ladder.ts';

export interface Segment {
  uri: string;
  seconds: number;
}

/** The segments of a media playlist, in order. */
export function parseMediaPlaylist(playlist: string): Segment[] {
  const segments: Segment[] = [];
  let seconds: number | null = null;
  for (const raw of playlist.split('\n')) {
    const line = raw.trim();
    const duration = /^#EXTINF:([\d.]+)/.exec(line);
    if (duration) seconds = Number(duration[1]);
    else if (line && !line.startsWith('#') && seconds !== null) {
      segments.push({ uri: line, seconds });
      seconds = null;
    }
  }
  return segments;
}

/** Playable length of a media playlist, to the millisecond. */
export function playlistSeconds(playlist: string): number {
  return Math.round(parseMediaPlaylist(playlist).reduce((sum, s) => sum + s.seconds, 0) * 1000) / 1000;
}

export interface MeasuredSegment {
  seconds: number;
  bytes: number;
}

/** Bits per second over the whole rendition. */
export function averageBitrate(segments: readonly MeasuredSegment[]): number {
  const seconds = segments.reduce((sum, s) => sum + s.seconds, 0);
  const bytes = segments.reduce((sum, s) => sum + s.bytes, 0);
  return seconds > 0 ? Math.round((bytes * 8) / seconds) : 0;
}

/**
 * RFC 8216 §4.3.4.2 BANDWIDTH: the highest bitrate of any run of consecutive segments lasting 0.5 to
 * 1.5 target durations (so a short last segment counts together with the one before it).
 */
export function peakBitrate(segments: readonly MeasuredSegment[], targetSeconds = HLS_SEGMENT_SECONDS): number {
  let peak = 0;
  for (let start = 0; start < segments.length; start++) {
    let seconds = 0;
    let bytes = 0;
    for (let end = start; end < segments.length && seconds <= 1.5 * targetSeconds; end++) {
      seconds += segments[end]!.seconds;
      bytes += segments[end]!.bytes;
      if (seconds >= 0.5 * targetSeconds && seconds <= 1.5 * targetSeconds) peak = Math.max(peak, (bytes * 8) / seconds);
    }
  }
  return peak > 0 ? Math.ceil(peak) : averageBitrate(segments);
}

export interface Variant {
  rung: Rung;
  /** The rung's playlist, relative to the master playlist. */
  uri: string;
  peakBitrate: number;
  averageBitrate: number;
}

/** RFC 6381 codecs of a rung: H.264 high at the rung's level, and AAC-LC. */
export function variantCodecs(rung: Pick<Rung, 'h264Level'>): string {
  return `avc1.6400${rung.h264Level.toString(16).padStart(2, '0')},mp4a.40.2`;
}

/**
 * The master playlist, from measured segment sizes. Players start with the first variant listed,
 * so the second-largest rung comes first for a quick start; the rest follow largest first.
 * EXT-X-START puts players at the beginning: while the video still encodes its playlists grow (EVENT),
 * and a player would otherwise join one near its end, like a live stream.
 */
export function masterPlaylist(variants: readonly Variant[]): string {
  const start = startRungIndex(variants.length);
  const ordered = [variants[start]!, ...variants.filter((_, i) => i !== start)];
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS', '#EXT-X-START:TIME-OFFSET=0'];
  for (const { rung, uri, peakBitrate: peak, averageBitrate: average } of ordered) {
    const attributes = [
      `BANDWIDTH=${peak}`,
      `AVERAGE-BANDWIDTH=${average}`,
      `RESOLUTION=${rung.width}x${rung.height}`,
      `FRAME-RATE=${rung.fps.toFixed(3)}`,
      `CODECS="${variantCodecs(rung)}"`,
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, uri);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A finished EVENT playlist (ffmpeg has written #EXT-X-ENDLIST) as a VOD playlist: players and caches
 * may then treat it as final. A playlist still growing is returned as it is.
 */
export function asVodPlaylist(playlist: string): string {
  if (!/^#EXT-X-ENDLIST\s*$/m.test(playlist)) return playlist;
  return playlist.replace(/^#EXT-X-PLAYLIST-TYPE:EVENT$/m, '#EXT-X-PLAYLIST-TYPE:VOD');
}
