export { AD_VIDEO_MAX_SECONDS, adVideoArgs, makeAdVideo } from './ad-video.ts';
export { type MediaBinaries, type MediaBinaryName, type ResolveOptions, resolveBinaries, resolveBinary } from './binaries.ts';
export { MediaError, type MediaErrorKind, type MediaErrorOptions, isMediaError, mediaMessages } from './errors.ts';
export {
  DEFAULT_PRESET,
  DEFAULT_X264_PARAMS,
  HLS_SEGMENT_SECONDS,
  MASTER_PLAYLIST_NAME,
  VARIANT_PLAYLIST_NAME,
  type HlsArgsInput,
  type X264Preset,
  hlsArgs,
  plannedSegmentSeconds,
  segmentFileName,
  startFiles,
  startRungIndex,
  variantDirName,
} from './hls.ts';
export { ACCEPTED_DEMUXERS, isAcceptedFormat, uploadInputArgs } from './input-guard.ts';
export { type DisplaySize, MAX_FPS, RUNG_SHORT_SIDES, type Rung, h264LevelFor, outputFps, planLadder, scaledSize } from './ladder.ts';
export { type MediaLogger, silentLogger } from './logger.ts';
export {
  MIN_VIDEO_SECONDS,
  type MediaInfo,
  type ParseProbeOptions,
  type ProbeOptions,
  type ProbeProblem,
  isProbeProblem,
  parseProbe,
  probe,
  probeArgs,
} from './probe.ts';
export {
  type MeasuredSegment,
  type Segment,
  type Variant,
  asVodPlaylist,
  averageBitrate,
  masterPlaylist,
  parseMediaPlaylist,
  peakBitrate,
  playlistSeconds,
  variantCodecs,
} from './playlist.ts';
export { removeStaleOutputs } from './output-folder.ts';
export { type FfmpegRunResult, type RunFfmpegOptions, type RunOptions, runFfmpeg, runFfprobe } from './run-ffmpeg.ts';
export { captureFirstFrame, captureThumbnail, writeThumbnailCopies } from './stills.ts';
export {
  FIRST_FRAME_NAME,
  SMALL_THUMBNAIL_NAME,
  SMALL_THUMBNAIL_SHORT_SIDE,
  STILLS_VERSION,
  type StillSize,
  THUMBNAIL_NAME,
  type ThumbnailOptions,
  firstFrameArgs,
  scaledStillArgs,
  thumbnailArgs,
  thumbnailSizes,
} from './thumbnail.ts';
export { PLAYABLE_AFTER_SEGMENTS, type TranscodeOptions, type TranscodeProgress, type TranscodeResult, transcodeToHls } from './transcode.ts';
export {
  type CompareOptions,
  FINGERPRINT_FPS,
  FRAME_MAX_DISTANCE,
  type FingerprintComparison,
  type FingerprintOptions,
  MATCH_MIN_FRAMES,
  MATCH_MIN_RATIO,
  MAX_OFFSET_SECONDS,
  NO_HASH,
  type VideoFingerprint,
  compareFingerprints,
  deserializeFingerprint,
  fingerprintArgs,
  fingerprintFilter,
  fingerprintFromPictures,
  fingerprintVideo,
  hammingDistance,
  hashFromHex,
  hashToHex,
  hashesFromBytes,
  hashesToBytes,
  isMatch,
  perceptualHash,
  popcount32,
  serializeFingerprint,
} from './fingerprint.ts';
