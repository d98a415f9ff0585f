#!/usr/bin/env bash
# Every context of the Chinese translation file is one the code translates in: a QObject class
# (tr() of pecards::gui::X looks up "pecards::gui::X"), Q_DECLARE_TR_FUNCTIONS(X), or a literal
# context of QCoreApplication::translate / QT_TRANSLATE_NOOP. A message filed under another context
# is never looked up, so its text stays English on screen and in the exported figures (found: the
# figure and chart titles and axes were filed under "pecards::app", December 2026).
#   ts_contexts.sh SOURCE_DIR
set -euo pipefail
cd "$1"
ts=resources/translations/pecards_zh_CN.ts
[ -s "$ts" ] || { echo "$ts is missing"; exit 1; }
status=0
count=0
while read -r context; do
  count=$((count + 1))
  class=${context##*::}
  quoted=$(sed 's/[.*^$]/\\&/g' <<<"$context")
  if grep -rqzE "(translate|QT_TRANSLATE_NOOP)\([[:space:]]*\"$quoted\"" app; then
    continue
  fi
  if grep -rqE "Q_DECLARE_TR_FUNCTIONS\($class\)" app; then
    continue
  fi
  if [ "$context" = QObject ] && grep -rqF "QObject::tr(" app; then
    continue
  fi
  if [ "$class" != "$context" ]; then
    # pecards::gui::X and pecards::app::X: tr() of a class X with Q_OBJECT defined in that namespace.
    namespace=${context%::*}
    found=0
    for file in $(grep -rlE "^ *class ([A-Z_]+ )?$class( final)? *(:|\{)" app --include=*.h --include=*.cpp); do
      if grep -q "Q_OBJECT" "$file" && grep -q "namespace $namespace" "$file"; then
        found=1
      fi
    done
    [ "$found" = 0 ] || continue
  fi
  echo "$ts: context \"$context\" is never looked up by the code: its messages are not shown translated"
  status=1
done < <(sed -n 's:.*<name>\(.*\)</name>.*:\1:p' "$ts" | sort -u)
[ "$count" -gt 10 ] || { echo "only $count contexts read from $ts"; exit 1; }
exit $status
