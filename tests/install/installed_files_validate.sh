#!/usr/bin/env bash
# `cmake --install` into a scratch prefix: every file in its place, the desktop entry passes
# desktop-file-validate, the metainfo `appstreamcli validate --no-net`, the MIME XML
# update-mime-database, the man pages groff without warnings, and the installed pecards-cli runs.
#   installed_files_validate.sh BUILD_DIR VERSION
set -euo pipefail
build=$1 version=$2
id=io.github.pecards.PECards
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null

for f in bin/pecards bin/pecards-cli share/applications/$id.desktop share/mime/packages/$id.xml \
  share/metainfo/$id.metainfo.xml share/icons/hicolor/scalable/apps/$id.svg \
  share/icons/hicolor/48x48/apps/$id.png share/icons/hicolor/128x128/apps/$id.png \
  share/icons/hicolor/256x256/apps/$id.png share/man/man1/pecards.1.gz share/man/man1/pecards-cli.1.gz; do
  [ -s "$prefix/$f" ] || { echo "not installed: $f"; exit 1; }
done
for size in 48 128 256; do
  file "$prefix/share/icons/hicolor/${size}x${size}/apps/$id.png" | grep -q "$size x $size" \
    || { echo "the ${size} px icon is not ${size}x${size}"; exit 1; }
done

desktop-file-validate "$prefix/share/applications/$id.desktop"
grep -qx "MimeType=application/x-pecards-workspace;application/x-pecards-lesson;" "$prefix/share/applications/$id.desktop"
appstreamcli validate --no-net "$prefix/share/metainfo/$id.metainfo.xml"
grep -q "<release version=\"$version\"" "$prefix/share/metainfo/$id.metainfo.xml"

# The MIME type resolves *.pecards.json once the database is built from the installed XML.
# (XDG_DATA_HOME = the scratch copy, so the tool does not warn that it is off the search path.)
mkdir -p "$prefix/data/mime" && cp -r "$prefix/share/mime/packages" "$prefix/data/mime/"
mime_log=$(XDG_DATA_HOME="$prefix/data" update-mime-database "$prefix/data/mime" 2>&1)
[ -z "$mime_log" ] || { echo "update-mime-database: $mime_log"; exit 1; }
grep -q "application/x-pecards-workspace:\*\.pecards\.json" "$prefix/data/mime/globs2" \
  || { echo "the MIME glob *.pecards.json is not registered"; exit 1; }
grep -q "application/x-pecards-lesson:\*\.pelesson" "$prefix/data/mime/globs2" \
  || { echo "the MIME glob *.pelesson is not registered"; exit 1; }

# The pages are read whole before grep -q looks at them: grep -q stops at the first match, and a
# zcat still writing (a page over 32 KiB) would die of SIGPIPE and fail the pipeline (pipefail).
for page in pecards pecards-cli; do
  text=$(zcat "$prefix/share/man/man1/$page.1.gz")
  warnings=$(groff -man -Tutf8 -ww -z <<<"$text" 2>&1)
  [ -z "$warnings" ] || { echo "$page.1: $warnings"; exit 1; }
  grep -q '^\.TH "'"${page^^}"'" 1 "" "PE Cards '"$version"'"' <<<"$text" \
    || { echo "$page.1 lacks its .TH line with version $version"; exit 1; }
done
# Every flag of the CLI's table is in its man page (one source: cliflags.cpp).
cli_page=$(zcat "$prefix/share/man/man1/pecards-cli.1.gz")
"$prefix/bin/pecards-cli" --help | grep -oE '^    --[a-z0-9-]+' | sed 's/^ *--//' | while read -r flag; do
  grep -qF -- "\\fB\\-\\-${flag//-/\\-}\\fR" <<<"$cli_page" \
    || { echo "pecards-cli.1 lacks --$flag"; exit 1; }
done

[ "$("$prefix/bin/pecards-cli" --version)" = "pecards-cli $version" ]
echo "installed files validate"
