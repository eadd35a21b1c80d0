// Signature help: while the operands of an instruction are typed, the editor shows the syntax
// forms of its mnemonic, highlights the one that fits what is written and, in it, the operand
// the cursor is in. Forms, operand texts and documentation are the spec's, from the database.
#pragma once

#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuasm::ide {

/// One operand of a signature: its text and where it sits in the signature's label.
struct ParameterInfo {
  std::string label;             ///< the operand as the form writes it: "{-}SrcC", "pu"
  syntax::ByteRange labelRange;  ///< byte range of `label` inside SignatureInfo::label
  std::string documentation;     ///< markdown: what the slot accepts (from the field types)
};

/// One syntax form.
struct SignatureInfo {
  std::string label;                      ///< "IMAD{.LO}{.itype} Rd{, pu}, Ra, SrcB, {-}SrcC"
  std::string documentation;              ///< markdown: the form's comment and the optype's description
  std::vector<ParameterInfo> parameters;  ///< parallel to the form's operand slots
};

/// The signatures of the statement at the cursor.
struct SignatureHelp {
  std::vector<SignatureInfo> signatures;  ///< every syntax form of the mnemonic, in spec order
  std::uint32_t activeSignature = 0;      ///< the form matched, else the first that fits what is written
  /// The slot of the active form the cursor's operand fills (optional slots left out are
  /// accounted for); the operand's index (commas before the cursor) when no slot fits.
  std::uint32_t activeParameter = 0;
};

/// The signature help at byte `offset`; nullopt unless the cursor is in the operand list of a
/// statement whose mnemonic is known (not on the mnemonic, in comments, or past the end).
std::optional<SignatureHelp> getSignatureHelp(const Snapshot& snapshot, std::uint32_t offset);

}  // namespace gpuasm::ide
