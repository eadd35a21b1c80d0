// The drawing of the encoding space (`gpuasm spec --encoding-map OUT.svg`, issue 31): per value
// of the primary selecting field the variants that take it, each with the values its secondary
// fixed fields take, the free values as free, a legend and the fraction in use. A pure function
// of the database and its isa::EncodingSpace; docs/PROTOCOL.md describes the drawing and its
// machine-readable attributes.
#pragma once

#include <gpuasm/isa/EncodingSpace.h>
#include <gpuasm/isa/InstrDb.h>

#include <string>

namespace gpuasm::ide {

/// A self-contained SVG document (no scripts, fonts or links outside it). Each variant is a
/// `<g class="variant" data-opcode="NAME" data-values="field=value …">` (every fixed field in
/// offset order, values decimal), each run of free primary values a `<g class="free"
/// data-first="N" data-last="M">`, each row of a taken value a `<g class="value"
/// data-value="N" data-used="P/Q">`; the root carries data-selecting-bits and data-used.
std::string encodingMapSvg(const isa::InstrDb& db, const isa::EncodingSpace& space);

}  // namespace gpuasm::ide
