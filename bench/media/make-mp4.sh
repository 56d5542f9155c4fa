#!/usr/bin/env bash
# Regenerates bench/media/film-720p-10s.mp4: the first 10 s of the fixture film's 720p rendition
# with its default Russian audio, remuxed (no re-encode) into a progressive MP4 with the moov box
# first (+faststart). It is the "physical floor" contender of the TTFF bench: the same frames
# hls.js starts on, without MSE or playlists. Needs ffmpeg (Debian's 5.1 is enough).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
film="$here/../../fixtures/hls/film"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cat "$film/video/720p/init.mp4" "$film"/video/720p/seg-00{0..4}.m4s > "$tmp/video.mp4"
cat "$film/audio/ru/init.mp4" "$film"/audio/ru/seg-00{0..4}.m4s > "$tmp/audio.mp4"
ffmpeg -v error -y -i "$tmp/video.mp4" -i "$tmp/audio.mp4" -map 0:v:0 -map 1:a:0 -c copy -t 10 \
  -movflags +faststart "$here/film-720p-10s.mp4"
ls -l "$here/film-720p-10s.mp4"
