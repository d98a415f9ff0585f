#include "compute/metatypes.h"

namespace pecards::gui {

void registerPecardsMetaTypes() {
    qRegisterMetaType<pecards::CardParams>();
    qRegisterMetaType<pecards::ViewRequest>();
    qRegisterMetaType<pecards::Window>();
    qRegisterMetaType<pecards::Grid>();
    qRegisterMetaType<GridResult>();
    qRegisterMetaType<CurveResult>();
    qRegisterMetaType<PrintResult>();
    qRegisterMetaType<PitfallResult>();
    qRegisterMetaType<ComputeFailure>();
    qRegisterMetaType<BackendInfo>();
}

} // namespace pecards::gui
