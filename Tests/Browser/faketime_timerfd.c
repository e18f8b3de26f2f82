/* Preloaded before libfaketime in test_day_turn.py. libfaketime 0.9.10 (Debian) shifts every
   absolute timerfd deadline by the faked offset, even for CLOCK_MONOTONIC and CLOCK_BOOTTIME when
   FAKETIME_DONT_FAKE_MONOTONIC=1 leaves those clocks real. libdispatch arms Swift's Task.sleep
   with such deadlines, so under plain libfaketime a sleep of 75 seconds never ends. The monotonic
   clocks are real here, so their deadlines go to the kernel unchanged. */
#define _GNU_SOURCE
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <unistd.h>

int timerfd_settime(int fd, int flags, const struct itimerspec *new_value, struct itimerspec *old_value) {
    return (int)syscall(SYS_timerfd_settime, fd, flags, new_value, old_value);
}
