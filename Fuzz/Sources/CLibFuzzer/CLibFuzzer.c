#include "CLibFuzzer.h"

#include <stdio.h>
#include <stdlib.h>

// The stand-in for builds without libFuzzer: weak, so libFuzzer's own driver wins when the
// fuzzer runtime is linked. It replays each file argument once (flags starting with '-' are
// skipped), so a crash's input can be run under a debugger in an ordinary build.
__attribute__((weak)) int LLVMFuzzerRunDriver(int *argc, char ***argv,
                                              int (*callback)(const uint8_t *data, size_t size)) {
    int replayed = 0;
    for (int index = 1; index < *argc; index++) {
        const char *path = (*argv)[index];
        if (path[0] == '-') continue;
        FILE *file = fopen(path, "rb");
        if (file == NULL) {
            fprintf(stderr, "cannot open %s\n", path);
            return 1;
        }
        fseek(file, 0, SEEK_END);
        long size = ftell(file);
        fseek(file, 0, SEEK_SET);
        uint8_t *bytes = malloc(size > 0 ? (size_t)size : 1);
        size_t read = fread(bytes, 1, size > 0 ? (size_t)size : 0, file);
        fclose(file);
        callback(bytes, read);
        free(bytes);
        replayed++;
    }
    fprintf(stderr, "replayed %d input(s) without libFuzzer\n", replayed);
    return 0;
}

// No-ops for builds without LeakSanitizer, which defines the real ones.
__attribute__((weak)) void __lsan_disable(void) {}
__attribute__((weak)) void __lsan_enable(void) {}
