"""The model zoo: common model families from `transformers`, built from configs with random weights.

Nothing is downloaded: every model comes from a `*Config(...)` through its model class. Each entry gives a
tiny configuration (2 layers, hidden 32..64, 32x32 images: compiles and runs through Triton's interpreter in
seconds, for the CPU tests) and a full one (the real model's sizes, for the GPU bench in bench/models.py).

    from zoo import ZOO
    model, inputs = ZOO["gpt2"].build(small=True, device="cpu")
    out = model(*inputs)          # a tensor (logits, last hidden state, ...)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import torch

# What irc may leave to ATen: work its libraries do better than a generated kernel (as in Inductor). Anything
# else in irc.metrics.fallbacks runs eagerly for lack of a lowering (the embedding's gradient decomposes to an
# index_put with accumulate, a scatter store with atomic adds).
EXTERN_COMPUTE = re.compile(
    r"aten::(mm|addmm|bmm|baddbmm|convolution|convolution_backward"
    r"|_scaled_dot_product_\w*attention\w*)\.\w+"
)


def not_extern_compute(fallbacks) -> dict[str, int]:
    """The entries of irc.metrics.fallbacks that are not extern compute: ops irc ran eagerly."""
    return {name: n for name, n in fallbacks.items() if not EXTERN_COMPUTE.fullmatch(name)}


@dataclass(frozen=True)
class ZooModel:
    name: str
    make: Callable[[bool], torch.nn.Module]  # small -> model (random weights, eval mode)
    make_inputs: Callable[[bool, str, torch.dtype], tuple]  # small, device, float dtype -> inputs
    kind: str  # "text", "image" or "audio"
    train: bool = False  # the CPU tests also check a training step (gradients)
    heavy: bool = False  # slower through the interpreter: the tests mark it

    def build(self, small: bool, device: str = "cpu", dtype: torch.dtype = torch.float32, seed: int = 0):
        torch.manual_seed(seed)
        model = self.make(small).to(device=device, dtype=dtype).eval()
        return model, self.make_inputs(small, device, dtype)


class Wrapped(torch.nn.Module):
    """Calls a transformers model; returns one tensor (the logits or last hidden state), not a ModelOutput."""

    def __init__(self, model: torch.nn.Module, key: str, keyword: str | None = None):
        super().__init__()
        self.model, self.key, self.keyword = model, key, keyword

    def forward(self, x):
        out = self.model(**{self.keyword: x}) if self.keyword else self.model(x)
        return out[self.key] if not isinstance(out, torch.Tensor) else out


def _config(cls_name: str, **kwargs):
    import transformers

    return getattr(transformers, cls_name)(**kwargs)  # attention: transformers' default, sdpa where it has it


def _model(cls_name: str, config) -> torch.nn.Module:
    import transformers

    return getattr(transformers, cls_name)(config)


def _token_inputs(vocab: int):
    """Token ids: 2 x 16 of a 128-token vocabulary (tiny configs) or 4 x 512 of the model's."""

    def make(small: bool, device: str, dtype: torch.dtype):
        (b, s), v = ((2, 16), 128) if small else ((4, 512), vocab)
        return (torch.randint(0, v, (b, s), device=device),)

    return make


def _image_inputs(small: bool, device: str, dtype: torch.dtype):
    """Images: 2 x 3 x 32 x 32 (tiny configs) or 8 x 3 x 224 x 224."""
    b, hw = (2, 32) if small else (8, 224)
    return (torch.randn(b, 3, hw, hw, device=device, dtype=dtype),)


# -- text --------------------------------------------------------------------------------------------------


def gpt2(small: bool):
    size = dict(n_layer=2, n_embd=32, n_head=2, vocab_size=128, n_positions=64) if small else {}
    return Wrapped(_model("GPT2LMHeadModel", _config("GPT2Config", **size)), "logits", "input_ids")


def llama(small: bool):
    if small:
        size = dict(
            hidden_size=32,
            intermediate_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            vocab_size=128,
            max_position_embeddings=64,
        )
    else:  # TinyLlama-like, 6 layers: GQA with 4 key/value heads for 32 query heads
        size = dict(
            hidden_size=2048,
            intermediate_size=5632,
            num_hidden_layers=6,
            num_attention_heads=32,
            num_key_value_heads=4,
            vocab_size=32000,
            max_position_embeddings=2048,
        )
    return Wrapped(_model("LlamaForCausalLM", _config("LlamaConfig", **size)), "logits", "input_ids")


def bert(small: bool):
    size = (
        dict(
            hidden_size=32,
            num_hidden_layers=2,
            num_attention_heads=2,
            intermediate_size=64,
            vocab_size=128,
            max_position_embeddings=64,
        )
        if small
        else {}
    )
    return Wrapped(_model("BertModel", _config("BertConfig", **size)), "last_hidden_state", "input_ids")


def t5_encoder(small: bool):
    if small:
        size = dict(d_model=32, d_kv=16, d_ff=64, num_layers=2, num_heads=2, vocab_size=128)
    else:  # t5-base
        size = dict(d_model=768, d_kv=64, d_ff=3072, num_layers=12, num_heads=12, vocab_size=32128)
    return Wrapped(_model("T5EncoderModel", _config("T5Config", **size)), "last_hidden_state", "input_ids")


# -- images ------------------------------------------------------------------------------------------------


def vit(small: bool):
    size = (
        dict(
            image_size=32,
            patch_size=8,
            hidden_size=32,
            num_hidden_layers=2,
            num_attention_heads=2,
            intermediate_size=64,
        )
        if small
        else {}
    )
    model = _model(
        "ViTForImageClassification", _config("ViTConfig", num_labels=10 if small else 1000, **size)
    )
    return Wrapped(model, "logits", "pixel_values")


def resnet(small: bool):
    size = dict(embedding_size=16, hidden_sizes=[16, 32], depths=[1, 1], layer_type="basic") if small else {}
    model = _model(
        "ResNetForImageClassification", _config("ResNetConfig", num_labels=10 if small else 1000, **size)
    )
    return Wrapped(model, "logits", "pixel_values")


def convnext(small: bool):
    size = dict(hidden_sizes=[16, 32], depths=[1, 1], num_stages=2) if small else {}
    model = _model(
        "ConvNextForImageClassification", _config("ConvNextConfig", num_labels=10 if small else 1000, **size)
    )
    return Wrapped(model, "logits", "pixel_values")


def mobilenet_v2(small: bool):
    size = dict(depth_multiplier=0.25, image_size=32) if small else {}
    model = _model(
        "MobileNetV2ForImageClassification",
        _config("MobileNetV2Config", num_labels=10 if small else 1000, **size),
    )
    return Wrapped(model, "logits", "pixel_values")


# -- audio (encoder of an encoder-decoder) -----------------------------------------------------------------


def _whisper_config(small: bool):
    if small:
        size = dict(
            d_model=32,
            encoder_layers=2,
            encoder_attention_heads=2,
            encoder_ffn_dim=64,
            decoder_layers=1,
            decoder_attention_heads=2,
            decoder_ffn_dim=64,
            num_mel_bins=16,
            max_source_positions=16,
            vocab_size=128,
        )
    else:  # whisper-base
        size = dict(
            d_model=512,
            encoder_layers=6,
            encoder_attention_heads=8,
            encoder_ffn_dim=2048,
            decoder_layers=6,
            decoder_attention_heads=8,
            decoder_ffn_dim=2048,
            num_mel_bins=80,
            max_source_positions=1500,
        )
    return _config("WhisperConfig", **size)


def whisper_encoder(small: bool):
    from transformers.models.whisper.modeling_whisper import WhisperEncoder

    return Wrapped(WhisperEncoder(_whisper_config(small)), "last_hidden_state", "input_features")


def _whisper_inputs(small: bool, device: str, dtype: torch.dtype):
    config = _whisper_config(small)
    batch = 2 if small else 4
    frames = 2 * config.max_source_positions  # the encoder's fixed input length (30 s of audio at full size)
    return (torch.randn(batch, config.num_mel_bins, frames, device=device, dtype=dtype),)


ZOO: dict[str, ZooModel] = {
    m.name: m
    for m in [
        ZooModel("gpt2", gpt2, _token_inputs(50257), "text", train=True),
        ZooModel("llama", llama, _token_inputs(32000), "text"),
        ZooModel("bert", bert, _token_inputs(30522), "text", train=True),
        ZooModel("t5_encoder", t5_encoder, _token_inputs(32128), "text"),
        ZooModel("vit", vit, _image_inputs, "image"),
        ZooModel("resnet", resnet, _image_inputs, "image", train=True),
        ZooModel("convnext", convnext, _image_inputs, "image"),
        ZooModel("mobilenet_v2", mobilenet_v2, _image_inputs, "image", heavy=True),
        ZooModel("whisper_encoder", whisper_encoder, _whisper_inputs, "audio"),
    ]
}
