#!/usr/bin/env bash
# Build the app for a card room's machine: a PyInstaller one-folder bundle, a portable .tar.gz
# of it, and a Debian package (the bundle under /opt/dealer-app, /usr/bin/dealer-app, a .desktop
# entry, an SVG icon, AppStream metainfo; Depends from what the bundled Qt platform plugin links).
# Smoke-tests the bundle. Run from anywhere; writes dist/ at the top of the checkout.
#
#     packaging/build.sh [PYTHON]     (default: .venv/bin/python, with pyinstaller installed)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${1:-.venv/bin/python}
VERSION=$("$PY" -c "import dealer_app; print(dealer_app.__version__)")
ARCH=$(dpkg --print-architecture 2>/dev/null || echo amd64)
OUT=dist
rm -rf build/pyinstaller "$OUT/dealer-app" "$OUT/deb"
mkdir -p "$OUT"
# the translations are built from the .ts the translators edit (the .qm is not committed)
for ts in dealer_app/ui/i18n/*.ts; do
  "$PY" -c "import sys; from pathlib import Path; from dealer_app.ui.translations import compile_qm; \
sys.exit(0 if compile_qm(Path(sys.argv[1]), Path(sys.argv[1]).with_suffix('.qm')) else 1)" "$ts"
done
"$PY" -m PyInstaller --noconfirm --clean --log-level WARN --distpath "$OUT" --workpath build/pyinstaller \
  packaging/dealer-app.spec
BUNDLE="$OUT/dealer-app"

# the bundle must run before it is packaged
QT_QPA_PLATFORM=offscreen "$BUNDLE/dealer-app" --smoke-test "$OUT/smoke-bundle.pdf" >/dev/null

# the portable archive
tar -C "$OUT" -czf "$OUT/dealer-app-$VERSION-linux-$ARCH.tar.gz" dealer-app

# the Debian package
ROOT="$OUT/deb/dealer-app_${VERSION}_$ARCH"
mkdir -p "$ROOT/DEBIAN" "$ROOT/opt" "$ROOT/usr/bin" "$ROOT/usr/share/applications" \
  "$ROOT/usr/share/icons/hicolor/scalable/apps" "$ROOT/usr/share/metainfo"
cp -a "$BUNDLE" "$ROOT/opt/dealer-app"
ln -s /opt/dealer-app/dealer-app "$ROOT/usr/bin/dealer-app"
install -m 0644 packaging/dealer-app.desktop "$ROOT/usr/share/applications/dealer-app.desktop"
install -m 0644 packaging/dealer-app.svg "$ROOT/usr/share/icons/hicolor/scalable/apps/dealer-app.svg"
install -m 0644 packaging/io.github.dealer_app.DealerApp.metainfo.xml "$ROOT/usr/share/metainfo/"
# the record service (recordsvc/): its unit, its socket folder at boot, the account made by postinst
install -D -m 0644 packaging/dealer-app-record.service "$ROOT/usr/lib/systemd/system/dealer-app-record.service"
# the card room's watchdog, for a room server that installs the same package: never enabled by postinst
install -D -m 0644 packaging/dealer-app-watchdog.service "$ROOT/usr/lib/systemd/system/dealer-app-watchdog.service"
install -D -m 0644 packaging/dealer-app.tmpfiles "$ROOT/usr/lib/tmpfiles.d/dealer-app.conf"
install -m 0755 packaging/postinst packaging/prerm "$ROOT/DEBIAN/"
# Depends: the Debian packages of every system library the bundled Qt platform plugin links
owner() {  # the package that owns a library (merged /usr: it is registered under either path)
  local lib=$1 real
  real=$(readlink -f "$lib")
  for path in "$lib" "/usr$lib" "$real" "${real#/usr}"; do
    if dpkg -S "$path" 2>/dev/null | head -1 | cut -d: -f1; then return 0; fi
  done
  echo "packaging/build.sh: no package owns $lib" >&2
  return 1
}
LIBS=$(ldd "$BUNDLE/_internal/PySide6/Qt/plugins/platforms/libqxcb.so" | awk '/=> \// {print $3}' \
  | grep -v "/_internal/" | sort -u)
DEPENDS=$(for lib in $LIBS; do owner "$lib"; done | grep -v '^$' | sort -u | paste -sd, | sed 's/,/, /g')
SIZE=$(du -sk "$ROOT" | cut -f1)
cat > "$ROOT/DEBIAN/control" <<CONTROL
Package: dealer-app
Version: $VERSION
Architecture: $ARCH
Maintainer: Stud Dealer Assistant team <dealer-app@localhost>
Installed-Size: $SIZE
Depends: $DEPENDS, adduser
Section: games
Priority: optional
Description: Seven Card Stud dealer assistant
 Rules, pots and rulings for live Seven Card Stud tables: the live table, the floor
 console with a record that proves itself, and dealer training.
CONTROL
dpkg-deb --root-owner-group -Zgzip --build "$ROOT" "$OUT/dealer-app_${VERSION}_$ARCH.deb" >/dev/null

if command -v desktop-file-validate >/dev/null; then desktop-file-validate packaging/dealer-app.desktop; fi
if command -v appstreamcli >/dev/null; then
  appstreamcli validate --no-net packaging/io.github.dealer_app.DealerApp.metainfo.xml >/dev/null
fi
echo "built: $BUNDLE ($(du -sh "$BUNDLE" | cut -f1)), $OUT/dealer-app-$VERSION-linux-$ARCH.tar.gz," \
  "$OUT/dealer-app_${VERSION}_$ARCH.deb ($(du -h "$OUT/dealer-app_${VERSION}_$ARCH.deb" | cut -f1))"
