// OpenCL status names (openclerror.h). Codes from the Khronos headers CL/cl.h and CL/cl_ext.h.

#include "pecards/gpu/openclerror.h"

#include <CL/cl.h>
#include <CL/cl_ext.h>

namespace pecards::gpu {

namespace {

std::string message(int code, const std::string& context, const std::string& detail) {
    std::string text = context + ": " + clErrorName(code) + " (" + std::to_string(code) + ")";
    if (!detail.empty()) {
        text += "\n" + detail;
    }
    return text;
}

} // namespace

OpenClError::OpenClError(int code, const std::string& context, const std::string& detail)
    : std::runtime_error(message(code, context, detail))
    , m_code(code) {
}

const char* OpenClError::codeName() const noexcept {
    return clErrorName(m_code);
}

const char* clErrorName(int code) noexcept {
#define PECARDS_CL_NAME(name)                                                                                \
    case name:                                                                                               \
        return #name
    switch (code) {
        PECARDS_CL_NAME(CL_SUCCESS);
        PECARDS_CL_NAME(CL_DEVICE_NOT_FOUND);
        PECARDS_CL_NAME(CL_DEVICE_NOT_AVAILABLE);
        PECARDS_CL_NAME(CL_COMPILER_NOT_AVAILABLE);
        PECARDS_CL_NAME(CL_MEM_OBJECT_ALLOCATION_FAILURE);
        PECARDS_CL_NAME(CL_OUT_OF_RESOURCES);
        PECARDS_CL_NAME(CL_OUT_OF_HOST_MEMORY);
        PECARDS_CL_NAME(CL_PROFILING_INFO_NOT_AVAILABLE);
        PECARDS_CL_NAME(CL_MEM_COPY_OVERLAP);
        PECARDS_CL_NAME(CL_IMAGE_FORMAT_MISMATCH);
        PECARDS_CL_NAME(CL_IMAGE_FORMAT_NOT_SUPPORTED);
        PECARDS_CL_NAME(CL_BUILD_PROGRAM_FAILURE);
        PECARDS_CL_NAME(CL_MAP_FAILURE);
        PECARDS_CL_NAME(CL_MISALIGNED_SUB_BUFFER_OFFSET);
        PECARDS_CL_NAME(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
        PECARDS_CL_NAME(CL_COMPILE_PROGRAM_FAILURE);
        PECARDS_CL_NAME(CL_LINKER_NOT_AVAILABLE);
        PECARDS_CL_NAME(CL_LINK_PROGRAM_FAILURE);
        PECARDS_CL_NAME(CL_DEVICE_PARTITION_FAILED);
        PECARDS_CL_NAME(CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
        PECARDS_CL_NAME(CL_INVALID_VALUE);
        PECARDS_CL_NAME(CL_INVALID_DEVICE_TYPE);
        PECARDS_CL_NAME(CL_INVALID_PLATFORM);
        PECARDS_CL_NAME(CL_INVALID_DEVICE);
        PECARDS_CL_NAME(CL_INVALID_CONTEXT);
        PECARDS_CL_NAME(CL_INVALID_QUEUE_PROPERTIES);
        PECARDS_CL_NAME(CL_INVALID_COMMAND_QUEUE);
        PECARDS_CL_NAME(CL_INVALID_HOST_PTR);
        PECARDS_CL_NAME(CL_INVALID_MEM_OBJECT);
        PECARDS_CL_NAME(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
        PECARDS_CL_NAME(CL_INVALID_IMAGE_SIZE);
        PECARDS_CL_NAME(CL_INVALID_SAMPLER);
        PECARDS_CL_NAME(CL_INVALID_BINARY);
        PECARDS_CL_NAME(CL_INVALID_BUILD_OPTIONS);
        PECARDS_CL_NAME(CL_INVALID_PROGRAM);
        PECARDS_CL_NAME(CL_INVALID_PROGRAM_EXECUTABLE);
        PECARDS_CL_NAME(CL_INVALID_KERNEL_NAME);
        PECARDS_CL_NAME(CL_INVALID_KERNEL_DEFINITION);
        PECARDS_CL_NAME(CL_INVALID_KERNEL);
        PECARDS_CL_NAME(CL_INVALID_ARG_INDEX);
        PECARDS_CL_NAME(CL_INVALID_ARG_VALUE);
        PECARDS_CL_NAME(CL_INVALID_ARG_SIZE);
        PECARDS_CL_NAME(CL_INVALID_KERNEL_ARGS);
        PECARDS_CL_NAME(CL_INVALID_WORK_DIMENSION);
        PECARDS_CL_NAME(CL_INVALID_WORK_GROUP_SIZE);
        PECARDS_CL_NAME(CL_INVALID_WORK_ITEM_SIZE);
        PECARDS_CL_NAME(CL_INVALID_GLOBAL_OFFSET);
        PECARDS_CL_NAME(CL_INVALID_EVENT_WAIT_LIST);
        PECARDS_CL_NAME(CL_INVALID_EVENT);
        PECARDS_CL_NAME(CL_INVALID_OPERATION);
        PECARDS_CL_NAME(CL_INVALID_GL_OBJECT);
        PECARDS_CL_NAME(CL_INVALID_BUFFER_SIZE);
        PECARDS_CL_NAME(CL_INVALID_MIP_LEVEL);
        PECARDS_CL_NAME(CL_INVALID_GLOBAL_WORK_SIZE);
        PECARDS_CL_NAME(CL_INVALID_PROPERTY);
        PECARDS_CL_NAME(CL_INVALID_IMAGE_DESCRIPTOR);
        PECARDS_CL_NAME(CL_INVALID_COMPILER_OPTIONS);
        PECARDS_CL_NAME(CL_INVALID_LINKER_OPTIONS);
        PECARDS_CL_NAME(CL_INVALID_DEVICE_PARTITION_COUNT);
        PECARDS_CL_NAME(CL_PLATFORM_NOT_FOUND_KHR);
    default:
        return "CL_UNKNOWN_ERROR";
    }
#undef PECARDS_CL_NAME
}

} // namespace pecards::gpu
