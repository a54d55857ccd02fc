#!/usr/bin/env bash
# The image's root file system, besides the lab itself: a jlinked Java runtime and the C libraries it links, taken
# from the build machine. Jib puts this folder on top of `scratch` (see lab/pom.xml): no registry is reachable where
# the lab is built, so no base image can be pulled, and a root made only of what the lab runs is small and is the
# same bytes from the same machine's packages.
#
# usage: runtime-root.sh JAVA_HOME LAB_JAR LIB_DIR OUT_DIR
set -euo pipefail

java_home="$1"
jar="$2"
lib="$3"
out="$4"
runtime=/opt/java # the entrypoint's java is $runtime/bin/java (lab/pom.xml)

fail() {
  echo "runtime-root: $*" >&2
  exit 1
}
# jlink links from the JDK's jmods, or, on a JDK built without them (JEP 493, as some JDK 24+ builds are), from its own
# run-time image: either way it needs a JDK, not a bare runtime.
[ -x "$java_home/bin/jlink" ] || fail "no jlink in $java_home: the image needs a JDK (Debian: openjdk-17-jdk-headless)"

rm -rf "$out"
mkdir -p "$out"

# The modules the lab and its libraries use, as jdeps reads them from their bytecode. It prints split-package
# warnings on stdout before the list, so only its last line is the answer.
modules="$("$java_home/bin/jdeps" --print-module-deps --ignore-missing-deps --multi-release 17 \
  --class-path "$lib/*" "$jar" | tail -n 1)"
[[ "$modules" =~ ^[a-z0-9.,]+$ ]] || fail "jdeps gave no module list for $jar (last line: '$modules')"
# The exam (./run.sh exam) compiles a learner's file with jdk.compiler: a pod runs labs, not exams, and without it the
# exam says in one line that this runtime has no compiler. The compiler's API (java.compiler) stays: it is small, and
# it is what asks for the compiler.
# jdeps names jdk.compiler alone, which brings java.compiler with it: the one is swapped for the other.
modules="$(printf '%s' "$modules" | tr ',' '\n' | sed 's/^jdk\.compiler$/java.compiler/' | sort -u | paste -sd, -)"

# java.desktop is there for java.beans (Quartz, the PostgreSQL driver and commons-lang3 use it), not for a screen: the
# natives that draw, print fonts or play sound are left out, so the root needs no X11, freetype or ALSA libraries.
# Every native kept is checked below, so one that needed a missing library would fail this build, not a pod.
gui='**/libawt_xawt.so,**/libjawt.so,**/libsplashscreen.so,**/libjsound.so,**/libfontmanager.so,**/liblcms.so'
gui="$gui,**/libjavajpeg.so,**/libmlib_image.so"
"$java_home/bin/jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages \
  --exclude-files "$gui" --output "$out$runtime"

# The dashboard (kubectl attach) puts the terminal in raw mode through Lanterna, which runs /bin/stty: the machine's.
stty="$(command -v stty)" || fail "no stty on this machine (coreutils): the dashboard's terminal needs it"
mkdir -p "$out/bin"
cp -L "$stty" "$out/bin/stty"

# The libraries that stty, the launcher and every native of the runtime link, resolved as this machine resolves them;
# the runtime's own (libjvm, libjava, ...) are found in the runtime, as $ORIGIN finds them once the JVM is loaded.
natives=("$out/bin/stty" "$out$runtime/bin/java" "$out$runtime"/lib/*.so "$out$runtime"/lib/server/*.so)
listing="$(LD_LIBRARY_PATH="$out$runtime/lib:$out$runtime/lib/server" ldd "${natives[@]}")"
if grep -q 'not found' <<<"$listing"; then
  fail "a native of the runtime links a library this machine does not have: $(grep 'not found' <<<"$listing" | sort -u | tr '\n' ' ')"
fi
# Lines are "name => /path (addr)", "/path (addr)" for the dynamic loader, or "linux-vdso.so.1 (addr)", which the
# kernel provides.
libraries="$(awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// && $2 ~ /^\(/ { print $1 }' <<<"$listing" |
  grep -v "^$out" | sort -u)"
[ -n "$libraries" ] || fail "ldd named no library of the machine for the runtime"
for path in $libraries; do
  mkdir -p "$out$(dirname "$path")"
  # -L: the file itself under the name the loader asks for (Debian's are symlinks, /lib64 one to /lib).
  cp -L "$path" "$out$path"
done

# java.io.tmpdir: the launcher's session folder, Undertow's and the JDBC drivers' scratch files.
mkdir -p "$out/tmp"
# user.name and user.home come from the password database; nobody (65534) is the image's user.
mkdir -p "$out/etc"
printf 'root:x:0:0:root:/root:/nonexistent\nnobody:x:65534:65534:nobody:/tmp:/nonexistent\n' >"$out/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' >"$out/etc/group"

echo "runtime-root: $out: java $runtime with modules $modules; libraries of the machine: $(tr '\n' ' ' <<<"$libraries")"
