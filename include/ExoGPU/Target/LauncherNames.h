//===- LauncherNames.h - Names a generated launcher can use -----*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// The C++ launcher of a kernel (exo-gpu-translate --exo-emit-launcher) is a
// function named after the proc, with one parameter per argument, named
// after it, and locals of its own. A proc or argument name that is not a
// C identifier, is a C++ keyword, or is one of the names the launcher
// itself uses would give a header that does not compile: the lowering
// refuses such names at the proc.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_TARGET_LAUNCHERNAMES_H
#define EXOGPU_TARGET_LAUNCHERNAMES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"

#include <cctype>

namespace exo {

/// Why `name` cannot name a launcher or one of its parameters, or an empty
/// string when it can.
inline const char *launcherNameProblem(llvm::StringRef name) {
  if (name.empty() ||
      !(std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_'))
    return "is not a C identifier";
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_'))
      return "is not a C identifier";
  if (name.starts_with("__") ||
      (name.size() > 1 && name[0] == '_' &&
       std::isupper(static_cast<unsigned char>(name[1]))))
    return "is reserved in C++";
  if (name.starts_with("exo_") || name.starts_with("kPtx_"))
    return "uses a prefix the launcher reserves (exo_, kPtx_)";
  bool keyword =
      llvm::StringSwitch<bool>(name)
          .Cases({"alignas", "alignof", "and", "and_eq", "asm", "auto",
                  "bitand", "bitor", "bool", "break", "case", "catch"},
                 true)
          .Cases({"char", "char8_t", "char16_t", "char32_t", "class", "compl",
                  "concept", "const", "consteval", "constexpr", "constinit",
                  "const_cast"},
                 true)
          .Cases({"continue", "co_await", "co_return", "co_yield", "decltype",
                  "default", "delete", "do", "double", "dynamic_cast", "else",
                  "enum"},
                 true)
          .Cases({"explicit", "export", "extern", "false", "float", "for",
                  "friend", "goto", "if", "inline", "int", "long"},
                 true)
          .Cases({"mutable", "namespace", "new", "noexcept", "not", "not_eq",
                  "nullptr", "operator", "or", "or_eq", "private", "protected"},
                 true)
          .Cases({"public", "register", "reinterpret_cast", "requires",
                  "return", "short", "signed", "sizeof", "static",
                  "static_assert", "static_cast", "struct"},
                 true)
          .Cases({"switch", "template", "this", "thread_local", "throw", "true",
                  "try", "typedef", "typeid", "typename", "union", "unsigned"},
                 true)
          .Cases({"using", "virtual", "void", "volatile", "wchar_t", "while",
                  "xor", "xor_eq"},
                 true)
          .Default(false);
  if (keyword)
    return "is a C++ keyword";
  bool launcherName =
      llvm::StringSwitch<bool>(name)
          .Cases({"stream", "info", "params", "r", "dims", "strides", "box",
                  "detail", "std", "CUresult", "CUstream", "CUdeviceptr"},
                 true)
          .Cases({"CUtensorMap", "int64_t", "int32_t", "uint64_t", "uint32_t",
                  "size_t", "NULL"},
                 true)
          .Default(false);
  if (launcherName)
    return "is a name the generated launcher uses itself";
  return "";
}

} // namespace exo

#endif // EXOGPU_TARGET_LAUNCHERNAMES_H
