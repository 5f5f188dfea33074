/* Test-only stand-in for Windows' bcryptprimitives.dll, for running the Windows build under Wine 8
 * (Debian 12's wine64), which lacks that DLL. Rust's standard library (1.78 and later) takes its
 * random seeds from ProcessPrng there; Windows 10 and later ship the real DLL, so this file is
 * never shipped, only placed beside the test harness. ProcessPrng is answered from RtlGenRandom
 * (advapi32's SystemFunction036). */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk)) return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
