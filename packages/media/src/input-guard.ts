/**
 * The containers Flick takes uploads in, by ffmpeg demuxer name: MP4/MOV/3GP (phones), Matroska and
 * WebM (Android, browsers, OBS), MPEG-TS (stream recordings), FLV (older cam software), AVI. None of
 * them opens another file or URL. Without the guard (SECURITY.md) ffmpeg picks the demuxer by content, and a
 * DASH or HLS manifest, an ffconcat list or an image sequence named .mp4 reads whatever it names.
 */
export const ACCEPTED_DEMUXERS = ['mov', 'matroska', 'mpegts', 'flv', 'avi'] as const;

const accepted = new Set<string>(ACCEPTED_DEMUXERS);

/**
 * Whether ffprobe's `format_name` ("mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm", ...) is one of the
 * accepted demuxers. Any one of its names counts, as for ffmpeg's `-format_whitelist`.
 */
export function isAcceptedFormat(formatName: string): boolean {
  return formatName.split(',').some((name) => accepted.has(name));
}

/**
 * The options and input of every ffmpeg or ffprobe run on an upload: only the file protocol (no
 * http:, concat:, subfile:, ...), only an accepted container, and the path named `file:` so that no
 * name can be read as a protocol.
 */
export function uploadInputArgs(file: string): string[] {
  return ['-protocol_whitelist', 'file', '-format_whitelist', ACCEPTED_DEMUXERS.join(','), '-i', `file:${file}`];
}

/** How ffmpeg and ffprobe say that the guard refused an upload. */
export const REFUSED_BY_GUARD = /not on whitelist/;
