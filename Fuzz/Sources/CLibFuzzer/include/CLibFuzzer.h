#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver: parses libFuzzer's flags from the command line and runs `callback` on
/// each input. When libFuzzer is not linked (a build without `-sanitize=fuzzer`), a stand-in
/// runs `callback` once on each file named on the command line.
int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));

/// LeakSanitizer's switches: allocations a thread makes between `__lsan_disable` and
/// `__lsan_enable` are never reported. No-ops when LeakSanitizer is not linked.
void __lsan_disable(void);
void __lsan_enable(void);

#endif
