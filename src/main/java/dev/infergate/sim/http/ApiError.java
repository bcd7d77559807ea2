package dev.infergate.sim.http;

/**
 * An OpenAI-style error answer: {@code {"error": {"message", "type", "param", "code"}}} with its HTTP status.
 * Thrown while handling a request; the router turns it into the response.
 */
public final class ApiError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int status;
    private final String type;
    private final String param;
    private final String code;

    private ApiError(int status, String type, String code, String param, String message) {
        super(message);
        this.status = status;
        this.type = type;
        this.code = code;
        this.param = param;
    }

    /** 400: the request is malformed or asks for something the model cannot do. */
    public static ApiError badRequest(String param, String message) {
        return new ApiError(400, "invalid_request_error", null, param, message);
    }

    /** 404: an unknown model. */
    public static ApiError modelNotFound(String model) {
        return new ApiError(404, "invalid_request_error", "model_not_found", "model",
                "The model `" + model + "` does not exist.");
    }

    /** 404: no such route. */
    public static ApiError notFound(String what) {
        return new ApiError(404, "invalid_request_error", "not_found", null, "Not found: " + what);
    }

    /** 429: an injected rate limit. */
    public static ApiError rateLimited(long retryAfterSeconds) {
        return new ApiError(429, "rate_limit_error", "rate_limit_exceeded", null,
                "Rate limit reached (simulated). Please try again in " + retryAfterSeconds + "s.");
    }

    /** 500: an injected server error. */
    public static ApiError serverError(String message) {
        return new ApiError(500, "server_error", null, null, message);
    }

    public int status() {
        return status;
    }

    /** The response body. */
    public String toJson() {
        return "{\"error\":{\"message\":" + Json.quote(getMessage()) + ",\"type\":" + Json.quote(type)
                + ",\"param\":" + Json.quote(param) + ",\"code\":" + Json.quote(code) + "}}";
    }
}
