#pragma once
/// @file abouttext.h
/// @brief The text of Help > About: version, the compute device in use, and the libraries PE
/// Cards uses with their versions and licences.

#include <QString>

namespace pecards::gui {

struct BackendInfo;

/// @brief Rich text: "PE Cards <version>", a one-paragraph summary, the compute device
/// (`backend.name`, or "starting" while none is reported; the CPU-fallback reason when given),
/// and a table of the libraries (Qt, Eigen, OpenCL loader and PoCL, GoogleTest for the tests
/// only) with their licences.
QString aboutText(const BackendInfo& backend);

} // namespace pecards::gui
