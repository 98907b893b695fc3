/*===- consumer.c - Exo-GPU through its C API
------------------------------===*\
|*                                                                            *|
|* Part of the Exo-GPU project.                                               *|
|*                                                                            *|
|* Usage: consumer-c KERNEL.mlir "SIZES"                                      *|
|*                                                                            *|
|* Prints the exo dialect's namespace from its handle, parses KERNEL in a     *|
|* context with exoRegisterAllDialects, checks it at SIZES ("N=V N=V"),       *|
|* lowers it to PTX, and prints the PTX's .entry lines and the launcher's    *|
|* signature lines.                                                           *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "ExoGPU-c/ExoGPU.h"

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct Buffer {
  char *data;
  size_t size;
};

static void append(MlirStringRef s, void *userData) {
  struct Buffer *b = (struct Buffer *)userData;
  b->data = (char *)realloc(b->data, b->size + s.length + 1);
  memcpy(b->data + b->size, s.data, s.length);
  b->size += s.length;
  b->data[b->size] = 0;
}

/* Prints each line of `text` that contains `needle`, without indentation. */
static void printLines(const char *text, const char *needle) {
  const char *line = text;
  while (line && *line) {
    const char *end = strchr(line, '\n');
    size_t n = end ? (size_t)(end - line) : strlen(line);
    char *copy = (char *)malloc(n + 1);
    memcpy(copy, line, n);
    copy[n] = 0;
    if (strstr(copy, needle)) {
      const char *start = copy;
      while (*start == ' ' || *start == '\t')
        ++start;
      printf("%s\n", start);
    }
    free(copy);
    line = end ? end + 1 : NULL;
  }
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: consumer-c KERNEL.mlir SIZES\n");
    return 1;
  }
  MlirStringRef ns =
      mlirDialectHandleGetNamespace(mlirGetDialectHandle__exo__());
  printf("dialect %.*s\n", (int)ns.length, ns.data);
  /* The handles register and load a dialect in a bare context too. */
  {
    MlirContext bare = mlirContextCreateWithThreading(false);
    MlirDialectHandle handles[2] = {mlirGetDialectHandle__exo__(),
                                    mlirGetDialectHandle__amir__()};
    for (int i = 0; i < 2; ++i) {
      mlirDialectHandleRegisterDialect(handles[i], bare);
      MlirDialect dialect = mlirDialectHandleLoadDialect(handles[i], bare);
      MlirStringRef name = mlirDialectGetNamespace(dialect);
      printf("loaded %.*s\n", (int)name.length, name.data);
    }
    mlirContextDestroy(bare);
  }

  FILE *f = fopen(argv[1], "rb");
  if (!f)
    return 1;
  struct Buffer source = {NULL, 0};
  char chunk[4096];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    append(mlirStringRefCreate(chunk, n), &source);
  fclose(f);

  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  exoRegisterAllDialects(registry);
  MlirContext context = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  MlirModule module = mlirModuleCreateParse(
      context, mlirStringRefCreate(source.data, source.size));
  free(source.data);
  if (mlirModuleIsNull(module))
    return 1;

  if (mlirLogicalResultIsFailure(
          exoCheck(module, mlirStringRefCreateFromCString(argv[2]))))
    return 2;
  printf("checked\n");
  /* An extra size the kernel does not take: accepted only when allowed. */
  size_t length = strlen(argv[2]);
  char *extra = (char *)malloc(length + 16);
  snprintf(extra, length + 16, "%s UNUSED=1", argv[2]);
  ExoCheckOptions options = exoCheckOptionsGetDefault();
  options.sizes = mlirStringRefCreateFromCString(extra);
  if (mlirLogicalResultIsSuccess(exoCheckWithOptions(module, options)))
    return 2;
  options.allowUnusedSizes = true;
  if (mlirLogicalResultIsFailure(exoCheckWithOptions(module, options)))
    return 2;
  printf("checked with an unused size allowed\n");
  options.taskSymmetry = false;
  if (mlirLogicalResultIsFailure(exoCheckWithOptions(module, options)))
    return 2;
  free(extra);
  printf("checked running every task\n");
  /* Every size requires allows, no sizes given. */
  ExoCheckOptions every = exoCheckOptionsGetDefault();
  every.symbolic = true;
  if (mlirLogicalResultIsFailure(exoCheckWithOptions(module, every)))
    return 2;
  printf("checked every size\n");
  /* ... and every size up to bounds; a malformed bound is refused. */
  every.bounds = mlirStringRefCreateFromCString("K<=1024 M>=128");
  if (mlirLogicalResultIsFailure(exoCheckWithOptions(module, every)))
    return 2;
  every.bounds = mlirStringRefCreateFromCString("K=1024");
  if (mlirLogicalResultIsSuccess(exoCheckWithOptions(module, every)))
    return 2;
  printf("checked every size within bounds\n");
  if (mlirLogicalResultIsFailure(
          exoLowerToPTX(module, mlirStringRefCreateFromCString(""))))
    return 3;
  struct Buffer ptx = {NULL, 0}, header = {NULL, 0};
  if (mlirLogicalResultIsFailure(exoEmitPTX(module, append, &ptx)) ||
      mlirLogicalResultIsFailure(exoEmitLauncher(module, append, &header)))
    return 4;
  printLines(ptx.data, ".entry");
  printLines(header.data, "inline CUresult");
  free(ptx.data);
  free(header.data);
  mlirModuleDestroy(module);
  mlirContextDestroy(context);
  return 0;
}
