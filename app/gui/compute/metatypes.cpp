#include "compute/metatypes.h"

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
