#!/usr/bin/env python3
"""Runs a command where perf_event_open is refused, as a container's seccomp profile does.

usage: without_perf.py [--errno NAME] [--syscall NAME] -- COMMAND...

Installs a seccomp filter that makes perf_event_open (or --syscall: personality,
sched_setaffinity) fail with EACCES (or --errno, e.g. ENOSYS) for the command and
everything it starts, then execs it. Linux on x86-64 and AArch64 only; prints
"unsupported" and exits 77 elsewhere.
"""
import ctypes
import errno
import os
import platform
import struct
import sys

PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2
SECCOMP_RET_ALLOW = 0x7FFF0000
SECCOMP_RET_ERRNO = 0x00050000
# struct seccomp_data: int nr; __u32 arch; ...
BPF_LD_W_ABS = 0x20
BPF_JEQ_K = 0x15
BPF_RET_K = 0x06
ARCHES = {
    # machine: (AUDIT_ARCH_*, the system calls' numbers)
    "x86_64": (0xC000003E, {"perf_event_open": 298, "personality": 135, "sched_setaffinity": 203}),
    "aarch64": (0xC00000B7, {"perf_event_open": 241, "personality": 92, "sched_setaffinity": 122}),
}


def main(argv):
    code = errno.EACCES
    syscall = "perf_event_open"
    while argv[:1] in (["--errno"], ["--syscall"]):
        if argv[0] == "--errno":
            code = getattr(errno, argv[1])
        else:
            syscall = argv[1]
        argv = argv[2:]
    if argv[:1] != ["--"] or len(argv) < 2:
        sys.exit(__doc__)
    if platform.machine() not in ARCHES:
        print("unsupported")
        return 77
    arch, numbers = ARCHES[platform.machine()]
    number = numbers[syscall]
    program = [
        (BPF_LD_W_ABS, 0, 0, 4),  # arch
        (BPF_JEQ_K, 1, 0, arch),
        (BPF_RET_K, 0, 0, SECCOMP_RET_ALLOW),  # another ABI: leave it alone
        (BPF_LD_W_ABS, 0, 0, 0),  # syscall number
        (BPF_JEQ_K, 0, 1, number),
        (BPF_RET_K, 0, 0, SECCOMP_RET_ERRNO | code),
        (BPF_RET_K, 0, 0, SECCOMP_RET_ALLOW),
    ]
    filters = b"".join(struct.pack("HBBI", *instruction) for instruction in program)
    buffer = ctypes.create_string_buffer(filters)

    class SockFprog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    fprog = SockFprog(len(program), ctypes.addressof(buffer))
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 or \
            libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0) != 0:
        sys.exit("without_perf.py: cannot install the seccomp filter: " + os.strerror(ctypes.get_errno()))
    os.execvp(argv[1], argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
