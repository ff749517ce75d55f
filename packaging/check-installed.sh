#!/usr/bin/env bash
# CI, after the .deb is installed (as root): the record service's layout is what the README
# promises, and a dealer's login can reach the service but neither read its keys nor write its
# record. CI has no systemd running: the unit file is checked as a file, and the service is run
# by hand as its account (runuser), as the unit runs it.
set -euo pipefail
fail() { echo "packaging/check-installed.sh: $*" >&2; exit 1; }
getent passwd dealer-app | grep -q ':/var/lib/dealer-app:/usr/sbin/nologin$' || fail "no dealer-app system account"
getent group dealer-app-table >/dev/null || fail "no dealer-app-table group"
UNIT=/usr/lib/systemd/system/dealer-app-record.service
[ -f "$UNIT" ] || fail "no $UNIT"
grep -qx 'User=dealer-app' "$UNIT" && grep -qx 'Group=dealer-app-table' "$UNIT" \
  && grep -q '^ExecStart=/usr/bin/dealer-app record-service --socket /run/dealer-app/record.sock --dir /var/lib/dealer-app' "$UNIT" \
  || fail "$UNIT does not run the service as dealer-app"
# the card room's watchdog: installed for a room server that installs the package, never enabled by
# it (it needs the room owner's URL first, /etc/dealer-app/watchdog.env): no unit in a .wants folder
WATCHDOG=/usr/lib/systemd/system/dealer-app-watchdog.service
[ -f "$WATCHDOG" ] || fail "no $WATCHDOG"
grep -qx 'ExecStart=/usr/bin/dealer-app db watchdog' "$WATCHDOG" && grep -qx 'EnvironmentFile=/etc/dealer-app/watchdog.env' "$WATCHDOG" \
  && grep -qx 'DynamicUser=yes' "$WATCHDOG" || fail "$WATCHDOG does not run 'dealer-app db watchdog' from watchdog.env"
ENABLED=$(find /etc/systemd/system /usr/lib/systemd/system -path '*.wants/dealer-app-watchdog.service' 2>/dev/null || true)
[ -z "$ENABLED" ] || fail "the watchdog is enabled by the package: $ENABLED"
if command -v systemctl >/dev/null && systemctl is-enabled dealer-app-watchdog.service >/dev/null 2>&1; then
  fail "the watchdog is enabled by the package (systemctl is-enabled)"
fi
[ "$(stat -c '%U:%G %a' /var/lib/dealer-app)" = "dealer-app:dealer-app-table 2750" ] || fail "/var/lib/dealer-app: $(stat -c '%U:%G %a' /var/lib/dealer-app)"
[ "$(stat -c '%U:%G %a' /run/dealer-app)" = "dealer-app:dealer-app-table 750" ] || fail "/run/dealer-app: $(stat -c '%U:%G %a' /run/dealer-app)"
[ "$(stat -c '%U:%G %a' /etc/dealer-app/floor-accounts)" = "root:dealer-app 640" ] || fail "floor-accounts: $(stat -c '%U:%G %a' /etc/dealer-app/floor-accounts)"

# the service by hand, as its account, with the unit's groups and umask
runuser -u dealer-app -g dealer-app-table -G dealer-app -- sh -c 'umask 0027; exec /usr/bin/dealer-app record-service \
  --socket /run/dealer-app/record.sock --dir /var/lib/dealer-app --floor-accounts /etc/dealer-app/floor-accounts' \
  >/tmp/dealer-app-ci-service.out 2>/tmp/dealer-app-ci-service.log &
SERVICE=$!
trap 'kill $SERVICE 2>/dev/null || true' EXIT
for _ in $(seq 100); do [ -S /run/dealer-app/record.sock ] && break; sleep 0.1; done
[ -S /run/dealer-app/record.sock ] || fail "the service did not start: $(cat /tmp/dealer-app-ci-service.log)"
for key in record.key table-signing.key; do
  [ "$(stat -c '%U %a' /var/lib/dealer-app/$key)" = "dealer-app 600" ] || fail "$key: $(stat -c '%U %a' /var/lib/dealer-app/$key)"
done
# a dealer: in the group, no more
id dealer-ci >/dev/null 2>&1 || useradd --create-home --groups dealer-app-table dealer-ci
runuser -u dealer-ci -- /usr/bin/dealer-app record-service --status >/tmp/dealer-app-ci-status.out
cat /tmp/dealer-app-ci-status.out
# the service's card room link is in the bundle and answers (no room named yet: "none")
grep -qx 'card room: none' /tmp/dealer-app-ci-status.out || fail "the service's card room link did not answer"
if runuser -u dealer-ci -- cat /var/lib/dealer-app/table-signing.key >/dev/null 2>&1; then fail "a dealer reads the key"; fi
if runuser -u dealer-ci -- sh -c 'echo x >> /var/lib/dealer-app/hands.sqlite3' 2>/dev/null; then fail "a dealer writes the record"; fi
if runuser -u dealer-ci -- cat /etc/dealer-app/floor-accounts >/dev/null 2>&1; then fail "a dealer reads the floor accounts"; fi
# a login outside the group cannot even reach the socket
id outsider-ci >/dev/null 2>&1 || useradd outsider-ci
if runuser -u outsider-ci -- /usr/bin/dealer-app record-service --status >/dev/null 2>&1; then fail "a login outside dealer-app-table reached the service"; fi
grep -q "connection from uid $(id -u dealer-ci)" /tmp/dealer-app-ci-service.log || fail "the service's log does not name the dealer's uid"
echo "installed layout checked: account, units (the watchdog installed, not enabled), modes; a dealer reaches the service, not its keys or record"
